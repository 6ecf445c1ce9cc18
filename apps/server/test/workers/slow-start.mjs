// A worker that takes a while to load (as a thread compiling its code on a loaded machine does),
// then answers its tasks at once: the thread pool's tests time a task's budget against it.
const loadedAt = Date.now() + Number(process.env.SLOW_START_MS ?? 800);
while (Date.now() < loadedAt) {
  // loading
}

export default function run({ task, input }) {
  if (task === 'ready') return true;
  if (task === 'echo') return input;
  if (task === 'spin') {
    const until = Date.now() + input;
    while (Date.now() < until) {
      // working
    }
    return 'done';
  }
  throw new Error(`no task ${task}`);
}
