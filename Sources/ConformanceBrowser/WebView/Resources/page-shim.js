/*
 * What every page host puts around a page so that runs are deterministic and observable: timers on the
 * harness's virtual clock, a virtual Date, a seeded Math.random, a recording console and the payload
 * tripwire. The simulated browser adds page-dom-shim.js (a DOM, dialogs, window.webkit); a real web view
 * keeps its own. Evaluated once per page as a function expression and called with the host object.
 * Returns the entry points the host calls: fireTimer(id) and reportUncaught(message, url, line).
 */
(function (host) {
    "use strict";
    var global = (0, eval)("this");

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

    return { fireTimer: fireTimer, reportUncaught: reportUncaught };
})
