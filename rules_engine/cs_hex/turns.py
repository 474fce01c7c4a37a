"""The hex-map turn (seed 004, "Порядок хода"): the players' orders (attacks and their
rolls, then movement and its rolls), then the referee's processing and answer.

Each phase is named in English for the table; its section keeps the book's own heading."""

from __future__ import annotations

from rules_engine.phase import Phase

ORDER = "Порядок хода (Turn order)"

PHASES = (
    Phase(
        "attack-declaration",
        "Attack declaration",
        f"{ORDER} 1.1, Объявление атаки",
        "Each player declares his attack: at which target and with which weapon (or clears "
        "a jam instead of attacking).",
    ),
    Phase(
        "attack-rolls",
        "Attack rolls",
        f"{ORDER} 1.2, Броски атаки",
        "The player rolls to hit, for the area, for the column and for how long the effects "
        "last (an incendiary fire's d10 / 2 turns).",
        ("to-hit", "hit-location", "damage", "clear-jam"),
    ),
    Phase(
        "movement-declaration",
        "Movement declaration",
        f"{ORDER} 1.3, Объявление движения",
        "Each player writes his maneuver privately to the referee (such as 4L2F); a tailed "
        "pilot writes first and tells his pursuer privately what their Sixth Sense gives away.",
        ("tailing",),
    ),
    Phase(
        "rating-rolls",
        "Rolls for exceeding the plane's ratings",
        f"{ORDER} 1.4, Броски на превышение максимальных характеристик самолета",
        "The player rolls a skill check for each rating of the plane the maneuver exceeds "
        "(G-rating, maximum speed, acceleration) and for a second steep maneuver in a row.",
        ("maneuver", "skill-check"),
    ),
    Phase(
        "shooting",
        "Shots resolved by Quick Fire",
        f"{ORDER} 2.1, Обработка заявок на стрельбу в порядке убывания навыка Быстрая стрельба",
        "The referee resolves the shots in decreasing order of Quick Fire and shades the "
        "damage; a drill rocket checks its power again, and a pilot whose plane is lost may "
        "bail out.",
        ("drill-power-check", "bail-out"),
    ),
    Phase(
        "shock",
        "Shock checks",
        f"{ORDER} 2.2, Броски на шок",
        "Pilots facing a flash rocket or near a sonic rocket make shock checks, or are "
        "shocked for 1 turn.",
        ("shock-check",),
    ),
    Phase(
        "movement",
        "Movement resolved",
        f"{ORDER} 2.3, Обработка заявок на движение",
        "The referee moves the planes by their maneuvers (a failed G-rating check moves a "
        "plane at random); spinning planes fall and may pull out, and planes land.",
        ("spin-facing", "spin-recovery", "landing", "landing-failure"),
    ),
    Phase(
        "collisions",
        "Collision rolls",
        f"{ORDER} 2.4, Броски на столкновение",
        "Planes ending their move in one hex roll for a collision (a plane in an object's hex "
        "rolls against its size, a rammer rolls its ram); a pilot whose plane is destroyed "
        "may bail out.",
        ("collision", "object-collision", "ramming", "bail-out"),
    ),
)
