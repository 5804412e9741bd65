"""Runs a command as a child subreaper (Linux), to tell which of its descendants outlived it.

  python3 subreaper.py <report file> <command> [args...]

The command's stdio is this process's. Once it has exited, every descendant it left behind has
been handed to this process (not to init): each is waited for, and named in the report (JSON: the
command's exit code, the pid, command line and whether it still ran of each orphan (a zombie's
work is over, as bubblewrap's namespace init is once its outer process exits unreaped: only its
exit status is left for its new parent to collect), and the CPU the whole tree spent:
every process of it has been waited for by then, by its parent or by this one, so the kernel's
count of this process's children is all of it). Exits with the command's code.
"""
import ctypes
import json
import os
import resource
import subprocess
import sys

PR_SET_CHILD_SUBREAPER = 36

if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
    sys.exit("subreaper.py: prctl(PR_SET_CHILD_SUBREAPER) failed")
report, command = sys.argv[1], sys.argv[2:]
code = subprocess.call(command)


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as file:
            return file.read().replace(b"\0", b" ").decode("utf8", "replace").strip()
    except OSError:
        return ""


orphans = []
while True:
    # Named while still running (a zombie's command line reads empty), then waited for.
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as file:
                    state, parent = file.read().rsplit(")", 1)[1].split()[:2]
                    parent = int(parent)
            except (OSError, IndexError, ValueError):
                continue
            if parent == os.getpid() and all(o["pid"] != int(name) for o in orphans):
                orphans.append({"pid": int(name), "command": command_line(name), "running": state != "Z"})
    try:
        pid, _ = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    if all(o["pid"] != pid for o in orphans):
        # Handed over after the listing, so by a process that ran on after the command: counted as running.
        orphans.append({"pid": pid, "command": "", "running": True})
with open(report, "w") as file:
    tree = resource.getrusage(resource.RUSAGE_CHILDREN)
    json.dump({"code": code, "orphans": orphans, "treeCpuMs": (tree.ru_utime + tree.ru_stime) * 1000}, file)
sys.exit(code)
