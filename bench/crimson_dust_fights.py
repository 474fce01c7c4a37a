"""The public ``simulate()`` of Crimson Dust per CPU second, against a fair loop.

    .venv/bin/python bench/crimson_dust_fights.py [--runs N] [--calls N] [--fair-runs N]
        [--rounds N]

``fair_fight`` is the fight of ``rules_engine.crimson_dust.simulation`` written as well as
plain Python allows (both warbands turned into lists once, ``random.Random``, one fight at a
time, die by die), the same rules in the same order with the same scenario defaults; a test
holds the two to the same win shares and casualties. The figure is fights per CPU second of
``simulate()`` of the example warband (Dust Devils, 500 points, against itself: a rider on
its mount, an LMG's RoF, Critical Shot, Fanatic) over those of the fair loop, timed in turn
(``figures.compare``), at ``--runs`` runs and at 1,000 (a page or an API call).

Target: >= 10x at 20,000 runs, as for Aces and Black Skies: a third of the 30x the Air
Action fight loop is held to, for the same reason: each action point of each model is one
pass of numpy calls (to hit, avoidance, wounding, morale, a mount's die, return fire) over
the runs where that model acts, a few dozen calls for each of up to 8 turns x 12 models x
2 action points, where an Air Action turn's passes move every plane of every run. It was
about 5x (2.5x at 1,000 runs) when the figure was first measured; about 10x (4x) once counts
of dice became binomial draws, a morale test one draw from a table of its exact chances,
only runs with hits rolled wounding dice and each side's first model on the table was kept
rather than searched for. The 1,000-run figure is reported without a target.

The Crimson Skies hex-map rules (cs-hex) have no fight simulation, only exact odds, so they
have no figure here.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import Case, fight_options, simulate_calls, versus_fair_loop

from rules_engine.catalogue import load_catalogue
from rules_engine.crimson_dust.critical_sixes import CANCELLED, KEPT
from rules_engine.crimson_dust.fighters import Side
from rules_engine.crimson_dust.shooting_gear import NEAR_BANDS
from rules_engine.crimson_dust.simulation import Match, prepare
from rules_engine.simulation import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "crimson-dust"
NO_SCORE = 7  # a model with no weapon that reaches the band


class PlainSide(NamedTuple):
    """One warband as lists of ints and bools, and the fight settings read for it."""

    size: int
    Rg: list[int]
    Av: list[int]
    Dc: list[int]
    Mr: list[int]
    As: list[int]
    large: list[int]
    score: list[int]
    S: list[int]
    at: list[int]
    rof: list[int]
    pinning: list[int]
    hail: list[bool]
    critical_shot: list[bool]
    battle_hardened: list[bool]
    fanatic: list[bool]
    brain_dead: list[bool]
    infrared: list[bool]
    red_dot: list[bool]
    tripod: list[bool]
    camouflage: list[int]
    refractor: list[bool]
    deflector: list[bool]
    foot_Df: list[int]
    mount_Df: list[int]
    mount_Av: list[int]
    mount_Dc: list[int]
    mount_Mr: list[int]
    has_mounts: bool
    critical_shot_six: str  # as a shooter
    camouflage_everywhere: bool  # as a target
    tie_fires: bool
    halve_av: bool


class PlainMatch(NamedTuple):
    sides: tuple[PlainSide, PlainSide]
    near: bool  # a Red Dot laser's bands
    concealment: bool  # concealed, or hard cover
    cover: int
    morale: bool
    max_turns: int


def plain_side(side: Side, scenario: Any) -> PlainSide:
    """``side``'s arrays as lists; a fight setting from the scenario, else the warband's."""

    def setting(name: str) -> str:
        value = getattr(scenario, name)
        return str(value) if value is not None else side.settings[name]

    def ints(a: Any) -> list[int]:
        return [int(x) for x in a.tolist()]

    def bools(a: Any) -> list[bool]:
        return [bool(x) for x in a.tolist()]

    return PlainSide(
        side.size,
        *(ints(getattr(side, k)) for k in ("Rg", "Av", "Dc", "Mr", "As", "large", "score")),
        *(ints(getattr(side, k)) for k in ("S", "at", "rof", "pinning")),
        *(bools(getattr(side, k)) for k in ("hail", "critical_shot", "battle_hardened")),
        *(bools(getattr(side, k)) for k in ("fanatic", "brain_dead", "infrared", "red_dot")),
        bools(side.tripod),
        ints(side.camouflage),
        bools(side.refractor),
        bools(side.deflector),
        *(ints(getattr(side, k)) for k in ("foot_Df", "mount_Df", "mount_Av", "mount_Dc")),
        ints(side.mount_Mr),
        bool(side.mount_Dc.any()),
        setting("critical_shot_six"),
        setting("camouflage_reading") == "everywhere",
        setting("return_fire_when_equal") == "fire",
        setting("critical_wound_av") == "halved",
    )


def plain_match(match: Match) -> PlainMatch:
    s = match.scenario
    return PlainMatch(
        (plain_side(match.sides[0], s), plain_side(match.sides[1], s)),
        near=s.band in NEAR_BANDS,
        concealment=s.concealed or s.cover > 0,
        cover=s.cover,
        morale=s.morale,
        max_turns=s.max_turns,
    )


def _wounded(base: int, left: int, full: int, minor: bool = False, major: bool = False) -> int:
    """A characteristic after the Wounding table's effects of the Dc left."""
    if left < full:
        if left == 1 or (major and left == 2):
            return (base + 1) // 2
        if minor and left == 3:
            return max(base - 1, 0)
    return base


def fair_fight(p: PlainMatch, r: random.Random) -> tuple[int, int, int, int]:
    """One fight, activation by activation and die by die: the rules of ``_Fight`` in its
    order. Returns the outcome (1 A wins, 0 draw, -1 B wins), each side's models lost (the
    riders, not their mounts) and the turns played."""
    rand = r.random
    sides = p.sides
    dc = [list(sides[0].Dc), list(sides[1].Dc)]
    mount = [list(sides[0].mount_Dc), list(sides[1].mount_Dc)]
    freeing = [[False] * sides[0].size, [False] * sides[1].size]
    status = [[0] * sides[0].size, [0] * sides[1].size]  # 1 pinned, 2 suppressed
    conceal, cover = p.concealment, p.cover

    def roll(n: int, need: int, reroll: bool) -> tuple[int, int]:
        """Dice of ``n`` D6 scoring ``need``+ (a failed die re-rolled once with ``reroll``),
        and the natural 6s among them."""
        scored = sixes = 0
        for _ in range(n):
            face = int(rand() * 6) + 1
            if face < need and reroll:
                face = int(rand() * 6) + 1
            if face >= need:
                scored += 1
                sixes += face == 6
        return scored, sixes

    def wound(
        hits: int, strength: int, av: int, critical: bool, crits: int, t: PlainSide, j: int
    ) -> tuple[int, int]:
        """Dc lost and damaging dice: D6 + S against one armour roll D6 + Av + cover;
        ``crits`` < 0: Critical Shot on the wounding die's 6, else on that many hits."""
        if hits <= 0:
            return 0, 0
        armour_die = int(rand() * 6) + 1
        if t.refractor[j] and armour_die <= 3:
            armour_die = int(rand() * 6) + 1
        armour = armour_die + av + cover
        lost = damaging = 0
        for i in range(hits):
            natural = int(rand() * 6) + 1
            s = strength
            if critical and (natural == 6 if crits < 0 else i < crits):
                s *= 2
            if t.deflector[j] and s > 1:
                s -= 1
            total = natural + s
            if total > armour:
                lost += total // armour
                damaging += 1
        return lost, damaging

    def morale_test(t: PlainSide, e: int, j: int, base: int) -> int:
        """Failed dice of a morale test, capped at 3 (Battle-hardened, concealment and
        Fanatic re-rolls)."""
        st = status[e][j]
        n = base + st  # pinned: 1 more die, suppressed: 2
        mr = _wounded(t.Mr[j], dc[e][j], t.Dc[j])
        rerolls = t.battle_hardened[j] + conceal

        def test() -> int:
            failed = n - roll(n, 7 - mr, False)[0]
            again = sum(rand() * 6 < mr for _ in range(min(rerolls, failed)))
            return min(failed - again, 3)

        first = test()
        return test() if t.fanatic[j] and first >= 2 else first

    def shoot(k: int, m: int, morale: bool, target: int = -1) -> None:
        me, e = sides[k], 1 - k
        them, edc, emount = sides[e], dc[e], mount[e]
        if dc[k][m] <= 0:
            return
        returning = target >= 0  # return fire: one shot, no RoF
        if target < 0:
            for j in range(them.size):
                if edc[j] > 0 or emount[j] > 0:
                    target = j
                    break
            else:
                return
        t = target
        large = them.large[t] if not them.has_mounts or emount[t] > 0 else 0
        rg = _wounded(me.Rg[m], dc[k][m], me.Dc[m], True, True) + large
        rof = me.rof[m]
        lose = rof // 2 if me.tripod[m] else rof
        shots, dice = 1, rg
        if rof > 1 and rof * (rg - lose) > rg and not returning:
            shots, dice = rof, rg - lose
        concealed = conceal and not me.hail[m] and not me.infrared[m]
        red_dot = me.red_dot[m] and p.near
        camo = them.camouflage[t] if them.camouflage_everywhere or not conceal else 0
        avoid_at = 5 - camo
        reading = me.critical_shot_six
        on_hit = me.critical_shot[m] and reading != "wound"
        left_now, full = edc[t], them.Dc[t]
        rider_df = _wounded(them.foot_Df[t], left_now, full)
        rider_av = _wounded(them.Av[t], left_now, full) if them.halve_av else them.Av[t]
        total_hits = total_damaging = 0
        rider_died = False
        score, S, at, critical_shot = me.score[m], me.S[m], me.at[m], me.critical_shot[m]
        for _ in range(shots):
            scores, sixes = roll(dice, score, red_dot)
            at_mount = False
            df, av, left = rider_df, rider_av, edc[t]
            if them.has_mounts and emount[t] > 0:
                m_left, m_full = emount[t], them.mount_Dc[t]
                df = _wounded(them.mount_Df[t], m_left, m_full)
                at_mount = edc[t] == 0 or int(rand() * 6) + 1 <= 3
                if at_mount:
                    av = them.mount_Av[t]
                    av = _wounded(av, m_left, m_full) if them.halve_av else av
                    left = m_left
            avoided = roll(df, avoid_at, concealed)[0]
            hits = max(scores - avoided, 0)
            crits = -1
            if on_hit:
                if reading == KEPT:
                    crits = min(sixes, hits)
                elif reading == CANCELLED:
                    crits = max(0, hits - (scores - sixes))
                else:  # the dice left are a random choice of the scoring dice
                    crits = sum(r.sample([1] * sixes + [0] * (scores - sixes), hits))
            strength, critical = S, critical_shot
            if at:  # AT (x) against Av above 5; Critical Shot never doubles it
                strength = at if av > 5 else S
                critical = critical and av <= 5
            lost, damaging = wound(hits, strength, av, critical, crits, them, t)
            rider_was = edc[t] > 0
            new = max(left - lost, 0)
            if at_mount:
                emount[t] = new
                if new == 0 and edc[t] > 0:
                    freeing[e][t] = True
            else:
                edc[t] = new
            rider_died = rider_died or (rider_was and edc[t] == 0)
            total_hits += hits
            total_damaging += damaging
        if not morale:
            return
        base = total_hits + total_damaging + 1 + me.pinning[m]
        # A riderless mount "pinned or suppressed ... will leave the table immediately".
        riderless = them.has_mounts and rider_died and emount[t] > 0
        if riderless and base - roll(base, 7 - them.mount_Mr[t], False)[0] >= 2:
            emount[t] = 0
        if edc[t] <= 0 or them.brain_dead[t]:
            return
        failed = morale_test(them, e, t, base)
        if failed >= 2:
            status[e][t] = max(status[e][t], 2 if failed >= 3 else 1)
        elif (
            failed == 1
            and conceal
            and (them.Rg[t] > them.As[t] or (them.Rg[t] == them.As[t] and them.tie_fires))
            and them.score[t] < NO_SCORE
        ):
            shoot(e, t, False, m)  # "shooting once at the attacker"

    def activate(k: int, m: int) -> None:
        side = sides[k]
        if m >= side.size:
            return
        if side.score[m] >= NO_SCORE:
            status[k][m] = 0
            if dc[k][m] > 0:
                freeing[k][m] = False
            return
        if dc[k][m] <= 0:
            return
        # Suppressed: one AP; a rider freeing itself of its dead mount spends one.
        aps = (1 if status[k][m] == 2 else 2) - freeing[k][m]
        for _ in range(aps):
            shoot(k, m, p.morale)
        status[k][m] = 0
        freeing[k][m] = False

    def on_table(k: int) -> bool:
        return any(a > 0 or b > 0 for a, b in zip(dc[k], mount[k], strict=True))

    turns, widest = 0, max(sides[0].size, sides[1].size)
    for _ in range(p.max_turns):
        if not (on_table(0) and on_table(1)):
            break
        turns += 1
        first = 0 if rand() < 0.5 else 1
        for m in range(widest):
            activate(first, m)
            activate(1 - first, m)
    left_a, left_b = on_table(0), on_table(1)
    outcome = 1 if left_a and not left_b else -1 if left_b and not left_a else 0
    lost_a = sum(x <= 0 for x in dc[0])
    lost_b = sum(x <= 0 for x in dc[1])
    return outcome, lost_a, lost_b, turns


def fair_results(match: Match, runs: int, seed: int) -> list[tuple[int, int, int, int]]:
    """``fair_fight`` of ``runs`` fights: (outcome, lost by A, lost by B, turns) each."""
    plain = plain_match(match)
    r = random.Random(seed)
    return [fair_fight(plain, r) for _ in range(runs)]


def main() -> None:
    args = fight_options(__doc__)
    catalogue = load_catalogue()
    warband = json.loads((EXAMPLES / "dust-devils-500.json").read_text())
    match = prepare(catalogue, warband, warband, {})
    simulate(catalogue, warband, warband, runs=1000, seed=1)  # warm the imports and caches

    def calls(runs: int, count: int) -> Callable[[], None]:
        return simulate_calls(simulate, (catalogue, warband, warband), runs, count)

    def fair() -> Any:
        return fair_results(match, args.fair_runs, 7)

    cases = [
        Case(args.runs, 1, calls(args.runs, 1), 10.0),
        Case(1000, args.calls, calls(1000, args.calls)),
    ]
    versus_fair_loop("Crimson Dust", cases, fair, args.fair_runs, args.rounds)


if __name__ == "__main__":
    main()
