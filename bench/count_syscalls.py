#!/usr/bin/env python3
"""System calls per ply of the referee, counted (not timed, so stable on a noisy machine).

Runs `arena match SPEC` of two copies of BOT under `strace -f` twice, with SHORT and LONG
games, and counts the calls made by the referee's own threads (every traced process that
never runs execve but the first is one of the referee's threads; the bots and the children
being started all run execve). Calls on /proc (the look for a stopped bot's leftover
processes, whose cost follows the machine's process count) are left out and shown apart as
"proc_scan" in by_name. The difference between the two runs, divided by the
difference in plies, is what one more ply costs: start-up, the handshakes and shutdown
cancel out, what a game costs beyond its plies (its log notes, its records) stays in.

    count_syscalls.py ARENA BOT SPEC_A SPEC_B [--games SHORT,LONG] [--table] [--json]

Two games with different numbers of plies per game (Clump 8x8: 17, Flume 7x7: 49) separate
what a ply costs from what starting and ending a game costs: calls per game = k + p * plies
per game, solved for p and k. Prints both, and each game's calls per ply over whole matches
(a JSON object; Markdown rows with --table). Exit status 3 when strace cannot run here.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

LINE = re.compile(r"^(\d+)\s+(?:<\.\.\. (\w+) resumed>|(\w+)\()")
# A call on /proc (strace -y shows each descriptor's path): the referee's look for a bot's
# leftover processes when it stops the bot (process/bot_tree.cpp). Its cost is two reads per
# process on the whole machine, not per ply, so it is counted apart: left in, it would make
# the difference of two runs move with what else the machine runs meanwhile.
PROC = re.compile(r'^\d+\s+\w+\((?:\d+</proc[/>]|AT_FDCWD(?:<[^>]*>)?, "/proc/|"/proc/)')
ENDED = re.compile(r"^(\d+)\s+\+\+\+ (?:exited|killed)")


def trace(arena, bot, spec, games, work):
    out = os.path.join(work, f"trace-{games}.txt")
    pgn = os.path.join(work, f"games-{games}.pgn")
    match = [arena, "match", spec, "--bot", f"a={bot}", "--bot", f"b={bot}", "--games", str(games), "--seed", "1",
             "-k", "1", "--tc", "600+1", "-q"]
    # The plies come from the records of an untraced run (first-move games are the same every
    # run); the traced run writes no records, so what is counted is the referee's play alone.
    subprocess.run(match + ["--out", pgn], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # LeakSanitizer stops the world with ptrace at exit, which it cannot do under strace (a
    # process has one tracer): in a sanitizer build it would abort the traced run. Leaks are
    # checked by the untraced run above and by every other test.
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")
    subprocess.run(["strace", "-f", "-q", "-y", "-o", out] + match, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=env)
    # The system has few process ids (pid_max is often 32768) and a busy machine goes round
    # them fast: a bot's id may be reused by a later thread of the referee, or the other way
    # round. So a process is an id *and* a lifetime, which ends at strace's "+++ exited" or
    # "+++ killed" line; each lifetime is counted, or not, on its own.
    calls = {}  # (pid, lifetime) -> {name: count}
    lifetime = {}  # pid -> how many of its lifetimes have ended
    first = None
    execs = set()
    with open(out, errors="replace") as f:
        for line in f:
            end = ENDED.match(line)
            if end:
                pid = int(end.group(1))
                lifetime[pid] = lifetime.get(pid, 0) + 1
                continue
            m = LINE.match(line)
            if not m:
                continue
            pid = int(m.group(1))
            key = (pid, lifetime.get(pid, 0))
            if first is None:
                first = key
            if m.group(2):  # the end of a call already counted when it started
                continue
            name = m.group(3)
            if PROC.match(line):
                name = "proc_scan"
            if name == "execve" and key != first:
                execs.add(key)
            calls.setdefault(key, {})
            calls[key][name] = calls[key].get(name, 0) + 1
    total = {}
    for key, by_name in calls.items():
        if key in execs:
            continue
        for name, n in by_name.items():
            total[name] = total.get(name, 0) + n
    with open(pgn, errors="replace") as f:
        text = f.read()
    # A ply is one seat's move: "{12. s2 a2-b2 0.000063s}" in the records (chance: no "s").
    plies = len(re.findall(r"\{\d+\. s\d+ ", text))
    return total, plies


def measure(arena, bot, spec, short, long_):
    """Calls per game and plies per game of `spec` (difference of two runs), by name."""
    with tempfile.TemporaryDirectory(prefix="arena-syscalls-") as work:
        a, pa = trace(arena, bot, spec, short, work)
        b, pb = trace(arena, bot, spec, long_, work)
    games = long_ - short
    if pb - pa <= 0:
        raise SystemExit("count_syscalls: no plies counted")
    names = set(a) | set(b)
    by_name = {n: (b.get(n, 0) - a.get(n, 0)) / games for n in names}
    return {n: v for n, v in by_name.items() if v}, (pb - pa) / games


def group(by_name):
    waits = sum(v for n, v in by_name.items() if n.startswith("epoll"))
    reads, writes = by_name.get("read", 0.0), by_name.get("write", 0.0)
    scan = by_name.get("proc_scan", 0.0)  # in by_name for the record, not in any group
    return {"read": reads, "write": writes, "wait": waits,
            "other": sum(by_name.values()) - waits - reads - writes - scan}


def main():
    args = sys.argv[1:]
    if len(args) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    arena, bot, spec_a, spec_b = args[:4]
    short, long_ = 20, 220
    if "--games" in args:
        short, long_ = (int(x) for x in args[args.index("--games") + 1].split(","))
    try:
        subprocess.run(["strace", "-qq", "-o", os.devnull, "true"], check=True)
    except (OSError, subprocess.CalledProcessError):
        print("count_syscalls: strace cannot run here", file=sys.stderr)
        return 3
    result = {"specs": {}}
    per_game = {}
    for spec in (spec_a, spec_b):
        by_name, plies = measure(arena, bot, spec, short, long_)
        g = group(by_name)
        per_game[spec] = ({k: v for k, v in g.items()}, plies)
        result["specs"][spec] = {"plies_per_game": plies, "per_ply": sum(g.values()) / plies,
                                 **{k: v / plies for k, v in g.items()},
                                 "by_name": {n: v / plies for n, v in by_name.items()}}
    # calls per game = k + p * plies per game, for both games: p is what a ply costs, k what
    # starting and ending a game costs (the loop's two polls around the record, the new game's
    # timer; gameover and newgame go in the plies' writes, the pressure sample is on /proc).
    (ga, xa), (gb, xb) = per_game[spec_a], per_game[spec_b]
    for key in ("read", "write", "wait", "other"):
        p = (gb[key] - ga[key]) / (xb - xa)
        result.setdefault("ply", {})[key] = p
        result.setdefault("game", {})[key] = ga[key] - p * xa
    result["ply"]["total"] = sum(result["ply"].values())
    result["game"]["total"] = sum(result["game"].values())
    if "--json" in args:
        print(json.dumps(result))
    elif "--table" in args:
        ply, game = result["ply"], result["game"]
        met = "yes" if ply["total"] <= 3.05 else "no"
        print(f"| referee first-move bots: system calls per ply, counted with strace ({spec_a} and {spec_b} "
              f"solved together) | {ply['total']:.2f} per ply (read {ply['read']:.2f}, write {ply['write']:.2f}, "
              f"epoll_wait {ply['wait']:.2f}, other {ply['other']:.2f}) + {game['total']:.1f} per game "
              f"(two polls around the record, the new game's timer) | ≤ 3.0 per ply | {met} |")
        for spec, r in result["specs"].items():
            print(f"| referee {spec}: system calls per ply over whole matches, game start and end included "
                  f"({r['plies_per_game']:.0f} plies a game) | {r['per_ply']:.2f} (read {r['read']:.2f}, "
                  f"write {r['write']:.2f}, epoll_wait {r['wait']:.2f}, other {r['other']:.2f}) | (counted) |  |")
    else:
        print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
