import WebKitPortAdapter

/// The guides call the implementer's adapter `MyBridgeAdapter`: here, the WebKit-style port's.
typealias MyBridgeAdapter = WebKitPortAdapter
