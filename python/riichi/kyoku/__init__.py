"""The round (kyoku) engine, one module per rule, imported only downward.

Layers, each importing only from the layers before it::

    tiles, state                      tile tables; the round's state as data
    win, furiten, aborts, settlement  one rule each, over the state
    calls, turn, emit, explain, logged  what a seat may do, events, refusals, logged actions
    round                             the state machine (riichi.kyoku.round.Round)

:mod:`riichi.round` re-exports :class:`Round`, :class:`RoundResult` and :class:`Win`.
"""
