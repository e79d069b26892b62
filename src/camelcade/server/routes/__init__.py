"""HTTP and websocket routes, one router per resource."""
