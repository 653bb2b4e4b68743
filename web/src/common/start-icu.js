// Starts ICU, the data behind Intl (every formatted number, every message with a plural or a number), on the thread
// that imports this first: a worker the page starts while it loads. ICU starts once per browser process, and its
// start is slow: the first Intl call of a page took 40-90 ms in Chromium here, on whichever thread made it. Made by the
// page's own thread, in the middle of drawing the Translation view's first result, it was one of the landing's long
// tasks, which Lighthouse's 4× slower phone counts four times; made here, off that thread and before the page formats
// its first number, it costs the page nothing (then 0.1-3 ms a first call there).
Intl.NumberFormat.supportedLocalesOf('en');
