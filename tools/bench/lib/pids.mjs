/** Whether a process id is alive: scratch databases and dist copies carry their creator's pid. */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
