"""What the frontends share on the wire: strict JSON, checked fields of a message, and error
codes with one-line messages. The engine's protocol and the server's messages both check their
input here (docs/internals.md, "Layers")."""
