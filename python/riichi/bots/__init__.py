"""Baseline mjai bots, each runnable as a process for the arena:

- ``python -m riichi.bots.tsumogiri``: discards every tile it draws, never calls or wins.
- ``python -m riichi.bots.greedy``: wins whenever it may, declares riichi when it can,
  discards for the lowest shanten and then the most ukeire, and calls pon on yakuhai (and
  chi or pon once open) when the call lowers shanten.
- ``python -m riichi.bots.mjai_package MODULE:CLASS``: runs a bot of the PyPI package
  ``mjai`` (``mjai.Bot`` subclasses, e.g. ``mjai.bot.rulebase:RulebaseBot``) over the same
  protocol.
"""
