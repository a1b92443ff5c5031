#!/usr/bin/env python3
"""One row of bench/strength's table from a file of Arena records (docs/records.md).

    strength_figure.py RECORDS.pgn KIND TARGET ROW [LOGDIR]

KIND is one of
  score:NAME             NAME's score share in two-seat games (win 1, draw 1/2); met at >= TARGET
  rank-gain:NAME         the other bots' average rank minus NAME's; met at >= TARGET
  team-wins:A,B          share of the games with A and B partners that their team won; >= TARGET
  points-per-deal:NAME   NAME's points per deal minus the others' average; met at > TARGET
A deal is counted by its trump declaration (a deal that everybody passes scores nothing).
With LOGDIR (the match's --log-dir), the row also gives mcts_bot's playouts per second: the
sum of its searches' iterations over the sum of their times, from its `info iterations N in
T ms` lines.
"""
import os
import re
import sys


def games(path):
    """Yields (tags, movetext) for every record of the file."""
    tags, moves = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r'\[(\w+) "(.*)"\]\s*$', line)
            if m:
                if moves:
                    yield tags, "".join(moves)
                    tags, moves = {}, []
                tags[m.group(1)] = m.group(2)
            else:
                moves.append(line)
    if tags:
        yield tags, "".join(moves)


def seats(tags):
    names, n = [], 1
    while f"Seat{n}" in tags:
        names.append(tags[f"Seat{n}"])
        n += 1
    return names


def numbers(tags, key):
    return [float(x) for x in tags[key].split()]


def score(records, name):
    total, n = 0.0, 0
    for tags, _ in records:
        names, ranks = seats(tags), numbers(tags, "Ranks")
        me = names.index(name)
        other = 1 - me
        total += 1.0 if ranks[me] < ranks[other] else 0.5 if ranks[me] == ranks[other] else 0.0
        n += 1
    share = total / n
    return share, f"{name} scores {100 * share:.1f}%"


def rank_gain(records, name):
    mine, others = [], []
    for tags, _ in records:
        for who, rank in zip(seats(tags), numbers(tags, "Ranks")):
            (mine if who == name else others).append(rank)
    a, b = sum(mine) / len(mine), sum(others) / len(others)
    return b - a, f"average rank {name} {a:.2f}, others {b:.2f}"


def team_wins(records, pair):
    a, b = pair.split(",")
    won, n = 0, 0
    for tags, _ in records:
        names, ranks, teams = seats(tags), numbers(tags, "Ranks"), tags["Teams"].split()
        ia, ib = names.index(a), names.index(b)
        if teams[ia] != teams[ib]:
            continue  # partnerships rotate: only the games where the two are partners count
        n += 1
        won += ranks[ia] == 1 and all(r > 1 for i, r in enumerate(ranks) if teams[i] != teams[ia])
    share = won / n if n else 0.0
    return share, f"{a}+{b} win {won} of {n} games as partners ({100 * share:.0f}%)"


def points_per_deal(records, name):
    mine, others, deals = 0.0, [], 0
    for tags, moves in records:
        d = len(re.findall(r"\btrump[A-Z]", moves))
        deals += d
        for who, pts in zip(seats(tags), numbers(tags, "Scores")):
            if who == name:
                mine += pts
            else:
                others.append(pts)
    per_seat_games = len(others) / max(1, len(records))
    theirs = sum(others) / per_seat_games if per_seat_games else 0.0
    a, b = mine / max(1, deals), theirs / max(1, deals)
    return a - b, f"points per deal {name} {a:+.2f}, others {b:+.2f} ({deals} deals)"


def playouts_per_second(logdir):
    iterations, ms = 0, 0
    for name in sorted(os.listdir(logdir)):
        with open(os.path.join(logdir, name), encoding="utf-8", errors="replace") as f:
            for m in re.finditer(r"info iterations (\d+) in (\d+) ms", f.read()):
                iterations += int(m.group(1))
                ms += int(m.group(2))
    return f"{1000 * iterations / ms:,.0f}" if ms else "-"


def main():
    path, kind, target, row = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    rate = playouts_per_second(sys.argv[5]) if len(sys.argv) > 5 else "-"
    records = list(games(path))
    what, arg = kind.split(":", 1)
    value, text = {"score": score, "rank-gain": rank_gain, "team-wins": team_wins,
                   "points-per-deal": points_per_deal}[what](records, arg)
    met = value > target if what == "points-per-deal" else value >= target
    sign = ">" if what == "points-per-deal" else ">="
    print(f"| {row} | {len(records)} | {text} | {sign} {target:g} | {'yes' if met else 'no'} | {rate} |")


if __name__ == "__main__":
    main()
