"""The OpenAPI 3.1 document of the REST routes. The engine routes' request schemas are the
engine protocol's own (``request_schema``, from the field table it validates with) and a
room's settings come from :data:`~duidiao.server.messages.ROOM_FIELDS`, so the document cannot
drift from what the server checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import duidiao
from duidiao.server.messages import ROOM_FIELDS
from duidiao.wire.fields import fields_schema

__all__ = ["openapi_document"]

_ERROR = {
    "type": "object",
    "required": ["ok", "error"],
    "properties": {
        "ok": {"const": False},
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {"code": {"type": "string"}, "message": {"type": "string"},
                           "field": {"type": "string",
                                     "description": "bad_request: the field at fault"}},
        },
    },
}

_SUMMARY = {
    "engine": {
        "legal": "The legal moves of the seat to move (the protocol's legal)",
        "move": "A bot's move from a position (the protocol's move)",
        "analyse": "Monte Carlo analysis of a position (the protocol's analyse)",
        "solve": "The double-dummy solver (the protocol's solve)",
    }
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> dict[str, Any]:
    ref = {"$ref": "#/components/schemas/Error"}
    text = {400: "a bad request", 404: "not found", 503: "busy or unavailable"}
    return {str(s): _json(ref, text.get(s, "an error")) for s in statuses}


def _request_schema(cmd: str) -> dict[str, Any]:
    try:
        from duidiao.engine.protocol import request_schema
    except ImportError:  # pragma: no cover - the protocol ships with the package
        return {"type": "object"}
    return request_schema(cmd)


def openapi_document(engine_routes: Sequence[str]) -> dict[str, Any]:
    ok = {"type": "object", "properties": {"ok": {"const": True}}}
    paths: dict[str, Any] = {
        "/api/health": {
            "get": {"summary": "The server is up", "responses": {"200": _json(ok, "up")}}
        },
    }
    for cmd in engine_routes:
        paths[f"/api/{cmd}"] = {
            "post": {
                "summary": _SUMMARY["engine"].get(cmd, cmd),
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": _request_schema(cmd)}}},
                "responses": {"200": _json(ok, "the protocol's reply"), **_errors(400, 503)},
            }
        }
    room_param = [{"name": "room", "in": "path", "required": True, "schema": {"type": "string"}}]
    paths["/api/rooms"] = {
        "get": {"summary": "Rooms with a free human seat",
                "responses": {"200": _json(ok, "the rooms' summaries")}},
        "post": {
            "summary": "Create a room (the WebSocket create message without type)",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": fields_schema(ROOM_FIELDS, "room settings")}}},
            "responses": {"200": _json(ok, "the room's id"), **_errors(400, 503)},
        },
    }
    paths["/api/rooms/{room}"] = {
        "get": {"summary": "A room's summary", "parameters": room_param,
                "responses": {"200": _json(ok, "the summary"), **_errors(404)}}
    }
    paths["/api/rooms/{room}/history"] = {
        "get": {"summary": "Every decision of a room, hand by hand", "parameters": room_param,
                "responses": {"200": _json(ok, "the decisions"), **_errors(404)}}
    }
    paths["/api/rooms/{room}/hands/{hand}"] = {
        "get": {
            "summary": "A finished hand's record (docs/records.md)",
            "parameters": [*room_param, {"name": "hand", "in": "path", "required": True,
                                         "schema": {"type": "integer", "minimum": 1}}],
            "responses": {"200": _json(ok, "the record"), **_errors(404)},
        }
    }
    paths["/api/openapi.json"] = {
        "get": {"summary": "This document", "responses": {"200": _json(ok, "OpenAPI 3.1")}}
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "duidiao game server",
            "version": duidiao.__version__,
            "description": "REST access to the engine and game rooms; the WebSocket rooms "
            "at /ws are described in docs/server.md.",
        },
        "paths": paths,
        "components": {"schemas": {"Error": _ERROR}},
    }
