/*
 * The simulated browser around a page: what a bare JavaScriptCore context lacks and the WVJB JS side and
 * pages need. Evaluated once per page as a function expression and called with the harness's host object.
 * Returns the entry points the harness calls: fireTimer(id) and reportUncaught(message, url, line).
 */
(function (host) {
    "use strict";
    var global = (0, eval)("this");
    global.window = global;
    global.self = global;

    function reportUncaught(message, url, line, column, error) {
        host.uncaughtError(message, url === undefined ? "" : String(url), line === undefined ? 0 : Number(line));
        if (typeof global.onerror === "function") {
            try {
                global.onerror(message, url, line, column, error);
            } catch (nested) {
                host.uncaughtError("window.onerror threw: " + String(nested), "", 0);
            }
        }
    }
    function reportError(error) {
        var isObject = error !== null && typeof error === "object";
        reportUncaught(String(error), isObject ? error.sourceURL : undefined, isObject ? error.line : undefined,
            isObject ? error.column : undefined, error);
    }

    /* Timers: the harness keeps the virtual clock, the page keeps the functions. */
    var timers = {};
    function addTimer(repeats, args) {
        var callback = args[0];
        var delay = Number(args[1]) | 0; /* ToInt32, as WebKit reads the `long timeout` argument */
        var extra = Array.prototype.slice.call(args, 2);
        var id = host.scheduleTimer(delay < 0 ? 0 : delay, repeats);
        timers[id] = { callback: callback, extra: extra, repeats: repeats };
        return id;
    }
    function clearTimer(id) {
        if (timers[id]) {
            delete timers[id];
            host.cancelTimer(id);
        }
    }
    global.setTimeout = function () { return addTimer(false, arguments); };
    global.setInterval = function () { return addTimer(true, arguments); };
    global.clearTimeout = clearTimer;
    global.clearInterval = clearTimer;
    function fireTimer(id) {
        var timer = timers[id];
        if (!timer) {
            return;
        }
        if (!timer.repeats) {
            delete timers[id];
        }
        try {
            if (typeof timer.callback === "function") {
                timer.callback.apply(global, timer.extra);
            } else {
                (0, eval)(String(timer.callback));
            }
        } catch (error) {
            reportError(error);
        }
    }

    /* Date reads the virtual clock, so ids like cb_1_<time> are the same on every run. */
    var RealDate = Date;
    function VirtualDate() {
        if (!(this instanceof VirtualDate)) {
            return new RealDate(host.now()).toString();
        }
        if (arguments.length === 0) {
            return new RealDate(host.now());
        }
        var args = [null].concat(Array.prototype.slice.call(arguments));
        return new (Function.prototype.bind.apply(RealDate, args))();
    }
    VirtualDate.prototype = RealDate.prototype;
    VirtualDate.now = function () { return host.now(); };
    VirtualDate.parse = RealDate.parse;
    VirtualDate.UTC = RealDate.UTC;
    global.Date = VirtualDate;

    /* A seeded Math.random, for pages that use it. */
    var seed = 0x2545F491;
    Math.random = function () {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        return seed / 4294967296;
    };

    /* Console: the line as a browser's console joins it, and each argument apart, as JSON text (a string as
       a string, what JSON cannot hold as its String text), so that one argument and two never read the same. */
    var stringify = JSON.stringify;
    function formatArgument(value) {
        if (typeof value === "string") {
            return value;
        }
        try {
            var json = stringify(value);
            return json === undefined ? String(value) : json;
        } catch (error) {
            return String(value);
        }
    }
    function argumentJSON(value) {
        if (typeof value !== "string") {
            try {
                var json = stringify(value);
                if (json !== undefined) {
                    return json;
                }
            } catch (error) {
                /* not JSON: kept as its text */
            }
        }
        return stringify(String(value));
    }
    function consoleMethod(level) {
        return function () {
            var parts = [], values = [];
            for (var i = 0; i < arguments.length; i++) {
                parts.push(formatArgument(arguments[i]));
                values.push(argumentJSON(arguments[i]));
            }
            host.console(level, parts.join(" "), "[" + values.join(",") + "]");
        };
    }
    global.console = {
        log: consoleMethod("log"), info: consoleMethod("info"), warn: consoleMethod("warn"),
        error: consoleMethod("error"), debug: consoleMethod("debug")
    };

    /* The tripwire: hostile payloads call it if they escape their string literal (verdict: insecure). */
    global.__wvjbTripwire = function (label) { host.tripwire(String(label)); };

    /* Modal dialogs: recorded; the harness flags one opened inside a synchronous native evaluation. */
    global.alert = function (message) { host.dialog("alert", message === undefined ? "" : String(message)); };
    global.confirm = function (message) { host.dialog("confirm", message === undefined ? "" : String(message)); return true; };
    global.prompt = function (message, defaultValue) {
        host.dialog("prompt", message === undefined ? "" : String(message));
        return defaultValue === undefined ? "" : String(defaultValue);
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

    return { fireTimer: fireTimer, reportUncaught: reportUncaught };
})
