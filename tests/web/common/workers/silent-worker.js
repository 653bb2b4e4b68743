// A worker for the toolkit's tests whose script loads but never answers (an engine that cannot run it).
export {};
