/*
 * The simulated browser's page around the clock shim (page-shim.js): what a bare JavaScriptCore context
 * lacks and a real web view has: window, dialogs, a minimal DOM whose iframes raise navigation requests,
 * WKWebView's window.webkit.messageHandlers, location and navigator. Evaluated once per page after the
 * clock shim, as a function expression called with the harness's host object.
 */
(function (host) {
    "use strict";
    var global = (0, eval)("this");
    global.window = global;
    global.self = global;
    /* A browser's event handler attributes start null, not undefined: a JS side testing `=== undefined`
       would install its hook here and never in a real web view. */
    global.onerror = null;

    /* Modal dialogs: recorded; the harness flags one opened inside a synchronous native evaluation. */
    global.alert = function (message) { host.dialog("alert", message === undefined ? "" : String(message)); };
    global.confirm = function (message) { host.dialog("confirm", message === undefined ? "" : String(message)); return true; };
    /* prompt() returns what the native text input panel answered (null for none), or its default text when
       no panel is shown. */
    global.prompt = function (message, defaultValue) {
        return host.prompt(message === undefined ? "" : String(message),
            defaultValue === undefined ? null : String(defaultValue));
    };

    /* A minimal DOM: elements, a document tree, and iframes whose src raises navigation requests. */
    function noop() {}
    function Element(tagName) {
        this.tagName = String(tagName).toUpperCase();
        this.nodeName = this.tagName;
        this.style = {};
        this.attributes = {};
        this.parentNode = null;
        this.childNodes = [];
    }
    Element.prototype.isConnectedToDocument = function () {
        var node = this;
        while (node) {
            if (node === documentElement) {
                return true;
            }
            node = node.parentNode;
        }
        return false;
    };
    Element.prototype.appendChild = function (child) {
        if (child.parentNode) {
            child.parentNode.removeChild(child);
        }
        this.childNodes.push(child);
        child.parentNode = this;
        if (child.isConnectedToDocument()) {
            child.didConnect();
        }
        return child;
    };
    Element.prototype.removeChild = function (child) {
        var index = this.childNodes.indexOf(child);
        if (index < 0) {
            throw new Error("NotFoundError: The object can not be found here.");
        }
        this.childNodes.splice(index, 1);
        child.parentNode = null;
        return child;
    };
    Element.prototype.didConnect = function () {
        for (var i = 0; i < this.childNodes.length; i++) {
            this.childNodes[i].didConnect();
        }
    };
    Element.prototype.setAttribute = function (name, value) {
        if (String(name).toLowerCase() === "src") {
            this.src = value;
        } else {
            this.attributes[String(name).toLowerCase()] = String(value);
        }
    };
    Element.prototype.getAttribute = function (name) {
        if (String(name).toLowerCase() === "src") {
            return this.src === undefined ? null : this.src;
        }
        var value = this.attributes[String(name).toLowerCase()];
        return value === undefined ? null : value;
    };
    Element.prototype.addEventListener = noop;
    Element.prototype.removeEventListener = noop;
    Object.defineProperty(Element.prototype, "firstChild", {
        get: function () { return this.childNodes.length ? this.childNodes[0] : null; }
    });

    function IFrameElement() {
        Element.call(this, "iframe");
        this.sourceURL = "";
    }
    IFrameElement.prototype = Object.create(Element.prototype);
    Object.defineProperty(IFrameElement.prototype, "src", {
        get: function () { return this.sourceURL; },
        set: function (value) {
            this.sourceURL = String(value);
            if (this.isConnectedToDocument()) {
                this.navigate();
            }
        }
    });
    IFrameElement.prototype.navigate = function () {
        if (this.sourceURL !== "") {
            host.navigate(this.sourceURL);
        }
    };
    IFrameElement.prototype.didConnect = function () {
        this.navigate();
    };

    var documentElement = new Element("html");
    var head = new Element("head");
    var body = new Element("body");
    documentElement.appendChild(head);
    documentElement.appendChild(body);
    global.document = {
        documentElement: documentElement,
        head: head,
        body: body,
        readyState: "complete",
        createElement: function (tagName) {
            return String(tagName).toLowerCase() === "iframe" ? new IFrameElement() : new Element(tagName);
        },
        getElementById: function () { return null; },
        querySelector: function () { return null; },
        addEventListener: noop,
        removeEventListener: noop
    };
    global.addEventListener = noop;
    global.removeEventListener = noop;
    /*
     * WKWebView's script message handlers: window.webkit exists while native has a handler, and
     * window.webkit.messageHandlers.<name> exists for each name native added (and only for those). The body
     * is cloned when it is posted, as WebKit does: a value structured clone refuses throws DataCloneError.
     */
    function cloneForNative(value, seen) {
        switch (typeof value) {
        case "undefined": return ["null"];
        case "boolean": return ["b", value];
        case "number": return isFinite(value) ? ["n", value] : ["n", String(value)];
        case "string": return ["s", value];
        case "object": break;
        default: throw new Error("DataCloneError: The object can not be cloned.");
        }
        if (value === null) {
            return ["null"];
        }
        if (value instanceof Date) {
            return ["d", value.getTime()];
        }
        if (seen.indexOf(value) >= 0) {
            throw new Error("DataCloneError: The object can not be cloned.");
        }
        seen.push(value);
        var clone;
        if (Array.isArray(value)) {
            clone = ["a", []];
            for (var i = 0; i < value.length; i++) {
                clone[1].push(cloneForNative(value[i], seen));
            }
        } else {
            clone = ["o", []];
            var keys = Object.keys(value);
            for (var k = 0; k < keys.length; k++) {
                clone[1].push([keys[k], cloneForNative(value[keys[k]], seen)]);
            }
        }
        seen.pop();
        return clone;
    }
    function MessageHandler(name) {
        this.postMessage = function (body) {
            host.postMessage(name, JSON.stringify(cloneForNative(body, [])), body);
        };
    }
    var messageHandlers = {};
    var messageHandlerTable = new Proxy({}, {
        get: function (target, name) {
            if (typeof name !== "string" || !host.hasMessageHandler(name)) {
                return undefined;
            }
            if (!messageHandlers[name]) {
                messageHandlers[name] = new MessageHandler(name);
            }
            return messageHandlers[name];
        },
        has: function (target, name) { return typeof name === "string" && host.hasMessageHandler(name); }
    });
    var webkitNamespace = { messageHandlers: messageHandlerTable };
    Object.defineProperty(global, "webkit", {
        configurable: true,
        get: function () { return host.hasMessageHandlers() ? webkitNamespace : undefined; }
    });

    global.location = { href: host.pageURL() };
    global.navigator = { userAgent: "ConformanceKit SimulatedWebView" };
})
