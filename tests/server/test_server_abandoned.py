"""Rooms created in a loop cannot fill the server: a room never dealt that nobody is connected
to is dropped after a while (from memory and from the store), and one address keeps only so
many rooms waiting for players."""

from __future__ import annotations

from pathlib import Path

import pytest

from duidiao.server import rooms as server_rooms
from duidiao.server.messages import ClientError
from duidiao.server.store import Store
from duidiao.server.think import Thinker


def test_rooms_waiting_for_players_are_capped_per_address_and_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path)
    rooms = server_rooms.Rooms(store, Thinker(1))
    cap = server_rooms.MAX_WAITING_PER_ADDRESS
    made = [rooms.create({}, "10.9.8.7") for _ in range(cap)]
    with pytest.raises(ClientError) as refused:
        rooms.create({}, "10.9.8.7")
    assert refused.value.code == "server_busy"
    rooms.create({}, "10.9.8.6")  # another address is not held up
    assert set(store.room_ids()) >= {r.id for r in made}

    monkeypatch.setattr(server_rooms, "WAITING_SECONDS", 0.0)
    assert rooms.drop_abandoned() == cap + 1
    assert not rooms.rooms and store.room_ids() == []
    rooms.create({}, "10.9.8.7")  # room again for that address
    store.close()
