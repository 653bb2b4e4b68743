// Errors across a worker (the translator's, the Train view's, the Generate view's, each experiment's): web/lib's
// error as plain data, since Comlink would pass on its message alone, and the same error made again on the page's
// side. The data keeps why, for a page to say it in its own language: the kind and the side and numbers it names, a
// refused sentence's unknown words with their readings, pasted pairs' bad lines. Plain data only: the workers
// import this file, and no words of the page's.
const why = ['kind', 'side', 'words', 'count', 'limit', 'readings', 'lines'];

/** What a worker answers for a failed call: { error: { name, message, …why } } (a thrown non-Error too). */
export function errorReport(error) {
  const report = { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
  for (const key of why) if (error?.[key] !== undefined && error[key] !== null) report[key] = error[key];
  return { error: report };
}

/**
 * The error a report describes: a TypeError as web/lib threw it, else a RangeError (web/lib's refusals), keeping
 * the report's name (a RuntimeError's trap, a ModuleLoadError) and why.
 */
export function reportedError(report) {
  return Object.assign(
    report.name === 'TypeError' ? new TypeError(report.message) : new RangeError(report.message),
    report,
  );
}
