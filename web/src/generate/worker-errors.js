// Errors across the Generate view's worker: web/lib's error as plain data (its name and message, and the kind and
// numbers a page says it with in its own language), and the same error made again on the page's side.
const why = ['kind', 'side', 'count', 'limit'];

/** What the worker answers for a failed call: { error: { name, message, kind?, side?, count?, limit? } }. */
export function errorReport(error) {
  const report = { name: error.name, message: error.message };
  for (const key of why) if (error[key] !== undefined) report[key] = error[key];
  return { error: report };
}

/** The error a report describes: a TypeError or RangeError as web/lib threw it, else an Error of its name. */
export function reportedError(report) {
  const Kind = report.name === 'TypeError' ? TypeError : report.name === 'RangeError' ? RangeError : Error;
  return Object.assign(new Kind(report.message), report);
}
