"""tenhou.net/6 JSON (placeholder, filled in below)."""
from __future__ import annotations
from typing import Any, Optional, Union
from riichi.events import GameLog

def read_tenhou6(data: Union[bytes, str], source: Optional[str] = None) -> GameLog:
    raise NotImplementedError

def to_tenhou6(game: GameLog) -> dict[str, Any]:
    raise NotImplementedError
