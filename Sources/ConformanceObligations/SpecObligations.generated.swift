// Generated from spec/protocol.md (its clauses and appendix C) by ObligationTableTests; do not edit.
// After changing the spec: `CONFORMANCE_RECORD_OBLIGATIONS=1 swift test --filter ObligationTableTests`.

extension Clause {
    /// DISP-1, a MUST clause.
    package static let disp1 = Clause("DISP-1", .must, order: 0)
    /// DISP-2, a MUST clause.
    package static let disp2 = Clause("DISP-2", .must, order: 1)
    /// BOOT-1, a MUST clause.
    package static let boot1 = Clause("BOOT-1", .must, order: 2)
    /// BOOT-2, a MUST clause.
    package static let boot2 = Clause("BOOT-2", .must, order: 3)
    /// BOOT-3, a MUST clause.
    package static let boot3 = Clause("BOOT-3", .must, order: 4)
    /// BOOT-4, a MUST clause.
    package static let boot4 = Clause("BOOT-4", .must, order: 5)
    /// BOOT-5, a MUST clause.
    package static let boot5 = Clause("BOOT-5", .must, order: 6)
    /// BOOT-6, a MUST clause.
    package static let boot6 = Clause("BOOT-6", .must, order: 7)
    /// BOOT-7, a MUST clause.
    package static let boot7 = Clause("BOOT-7", .must, order: 8)
    /// BOOT-8, a MUST clause.
    package static let boot8 = Clause("BOOT-8", .must, order: 9)
    /// BOOT-9, a MUST clause.
    package static let boot9 = Clause("BOOT-9", .must, order: 10)
    /// BOOT-10, a SHOULD clause.
    package static let boot10 = Clause("BOOT-10", .should, order: 11)
    /// MSG-1, a MUST clause.
    package static let msg1 = Clause("MSG-1", .must, order: 12)
    /// MSG-4, a MUST clause.
    package static let msg4 = Clause("MSG-4", .must, order: 13)
    /// MSG-5, a MUST clause.
    package static let msg5 = Clause("MSG-5", .must, order: 14)
    /// MSG-6, a MUST clause.
    package static let msg6 = Clause("MSG-6", .must, order: 15)
    /// MSG-7, a MUST clause.
    package static let msg7 = Clause("MSG-7", .must, order: 16)
    /// MSG-2, a MUST clause.
    package static let msg2 = Clause("MSG-2", .must, order: 17)
    /// MSG-3, a MUST clause.
    package static let msg3 = Clause("MSG-3", .must, order: 18)
    /// MSG-8, a MUST clause.
    package static let msg8 = Clause("MSG-8", .must, order: 19)
    /// MSG-9, a MUST clause.
    package static let msg9 = Clause("MSG-9", .must, order: 20)
    /// ORD-1, a MUST clause.
    package static let ord1 = Clause("ORD-1", .must, order: 21)
    /// ORD-2, a MUST clause.
    package static let ord2 = Clause("ORD-2", .must, order: 22)
    /// ORD-3, a MUST clause.
    package static let ord3 = Clause("ORD-3", .must, order: 23)
    /// ID-1, a SHOULD clause.
    package static let id1 = Clause("ID-1", .should, order: 24)
    /// ID-2, a SHOULD clause.
    package static let id2 = Clause("ID-2", .should, order: 25)
    /// ID-3, a MUST clause.
    package static let id3 = Clause("ID-3", .must, order: 26)
    /// CB-1, a MUST clause.
    package static let cb1 = Clause("CB-1", .must, order: 27)
    /// CB-2, a MUST clause.
    package static let cb2 = Clause("CB-2", .must, order: 28)
    /// CB-3, a MUST clause.
    package static let cb3 = Clause("CB-3", .must, order: 29)
    /// CB-4, a MUST clause.
    package static let cb4 = Clause("CB-4", .must, order: 30)
    /// ESC-1, a MUST clause.
    package static let esc1 = Clause("ESC-1", .must, order: 31)
    /// ESC-2, a MUST clause.
    package static let esc2 = Clause("ESC-2", .must, order: 32)
    /// ESC-3, a MUST clause.
    package static let esc3 = Clause("ESC-3", .must, order: 33)
    /// ESC-4, a MUST clause.
    package static let esc4 = Clause("ESC-4", .must, order: 34)
    /// ESC-5, a SHOULD clause.
    package static let esc5 = Clause("ESC-5", .should, order: 35)
    /// DISP-3, a MUST clause.
    package static let disp3 = Clause("DISP-3", .must, order: 36)
    /// SAFE-1, a MUST clause.
    package static let safe1 = Clause("SAFE-1", .must, order: 37)
    /// DISP-4, a MUST clause.
    package static let disp4 = Clause("DISP-4", .must, order: 38)
    /// DISP-5, a MUST clause.
    package static let disp5 = Clause("DISP-5", .must, order: 39)
    /// DISP-6, a MUST clause.
    package static let disp6 = Clause("DISP-6", .must, order: 40)
    /// DISP-7, a MUST clause.
    package static let disp7 = Clause("DISP-7", .must, order: 41)
    /// DISP-8, a MUST clause.
    package static let disp8 = Clause("DISP-8", .must, order: 42)
    /// DISP-9, a MUST clause.
    package static let disp9 = Clause("DISP-9", .must, order: 43)
    /// DISP-10, a MUST clause.
    package static let disp10 = Clause("DISP-10", .must, order: 44)
    /// DISP-11, a MUST clause.
    package static let disp11 = Clause("DISP-11", .must, order: 45)
    /// DISP-12, a MUST clause.
    package static let disp12 = Clause("DISP-12", .must, order: 46)
    /// SAFE-2, a MUST clause.
    package static let safe2 = Clause("SAFE-2", .must, order: 47)
    /// SAFE-4, a MUST clause.
    package static let safe4 = Clause("SAFE-4", .must, order: 48)
    /// SAFE-3, a MUST clause.
    package static let safe3 = Clause("SAFE-3", .must, order: 49)
    /// FLUSH-1, a MUST clause.
    package static let flush1 = Clause("FLUSH-1", .must, order: 50)
    /// FLUSH-2, a MUST clause.
    package static let flush2 = Clause("FLUSH-2", .must, order: 51)
    /// FLUSH-3, a MUST clause.
    package static let flush3 = Clause("FLUSH-3", .must, order: 52)
    /// FLUSH-4, a MUST clause.
    package static let flush4 = Clause("FLUSH-4", .must, order: 53)
    /// FLUSH-5, a MUST clause.
    package static let flush5 = Clause("FLUSH-5", .must, order: 54)
    /// FLUSH-6, a INFO clause without obligations.
    package static let flush6 = Clause("FLUSH-6", .informational, order: 55)
    /// FLUSH-7, a MUST clause.
    package static let flush7 = Clause("FLUSH-7", .must, order: 56)
    /// FLUSH-8, a MUST clause.
    package static let flush8 = Clause("FLUSH-8", .must, order: 57)
    /// MISS-1, a MUST clause.
    package static let miss1 = Clause("MISS-1", .must, order: 58)
    /// MISS-2, a MUST clause.
    package static let miss2 = Clause("MISS-2", .must, order: 59)
    /// MISS-3, a MUST clause.
    package static let miss3 = Clause("MISS-3", .must, order: 60)
    /// MISS-4, a MAY clause without obligations.
    package static let miss4 = Clause("MISS-4", .may, order: 61)
    /// MISS-5, a SHOULD clause.
    package static let miss5 = Clause("MISS-5", .should, order: 62)
    /// START-1, a MUST clause.
    package static let start1 = Clause("START-1", .must, order: 63)
    /// START-2, a MUST clause.
    package static let start2 = Clause("START-2", .must, order: 64)
    /// START-3, a MUST clause.
    package static let start3 = Clause("START-3", .must, order: 65)
    /// LIFE-1, a MUST clause.
    package static let life1 = Clause("LIFE-1", .must, order: 66)
    /// LIFE-2, a MAY clause without obligations.
    package static let life2 = Clause("LIFE-2", .may, order: 67)
    /// LIFE-3, a MUST clause.
    package static let life3 = Clause("LIFE-3", .must, order: 68)
    /// THR-1, a MUST clause.
    package static let thr1 = Clause("THR-1", .must, order: 69)
    /// THR-2, a MUST clause.
    package static let thr2 = Clause("THR-2", .must, order: 70)
    /// THR-3, a SHOULD clause.
    package static let thr3 = Clause("THR-3", .should, order: 71)
    /// LOG-1, a SHOULD clause.
    package static let log1 = Clause("LOG-1", .should, order: 72)
    /// LOG-2, a SHOULD clause.
    package static let log2 = Clause("LOG-2", .should, order: 73)
    /// LOG-3, a SHOULD clause.
    package static let log3 = Clause("LOG-3", .should, order: 74)
    /// LOG-4, a SHOULD clause.
    package static let log4 = Clause("LOG-4", .should, order: 75)
    /// LOG-5, a SHOULD clause.
    package static let log5 = Clause("LOG-5", .should, order: 76)
    /// LOG-6, a SHOULD clause.
    package static let log6 = Clause("LOG-6", .should, order: 77)
    /// LOG-7, a SHOULD clause.
    package static let log7 = Clause("LOG-7", .should, order: 78)
    /// WK-1, a MUST clause.
    package static let wk1 = Clause("WK-1", .must, order: 79)
    /// WK-2, a MUST clause.
    package static let wk2 = Clause("WK-2", .must, order: 80)
    /// WK-3, a MUST clause.
    package static let wk3 = Clause("WK-3", .must, order: 81)
    /// WK-4, a MUST clause.
    package static let wk4 = Clause("WK-4", .must, order: 82)
    /// WK-5, a MUST clause.
    package static let wk5 = Clause("WK-5", .must, order: 83)

    /// Every clause of the spec, in its order.
    package static let all: [Clause] = [
        disp1,
        disp2,
        boot1,
        boot2,
        boot3,
        boot4,
        boot5,
        boot6,
        boot7,
        boot8,
        boot9,
        boot10,
        msg1,
        msg4,
        msg5,
        msg6,
        msg7,
        msg2,
        msg3,
        msg8,
        msg9,
        ord1,
        ord2,
        ord3,
        id1,
        id2,
        id3,
        cb1,
        cb2,
        cb3,
        cb4,
        esc1,
        esc2,
        esc3,
        esc4,
        esc5,
        disp3,
        safe1,
        disp4,
        disp5,
        disp6,
        disp7,
        disp8,
        disp9,
        disp10,
        disp11,
        disp12,
        safe2,
        safe4,
        safe3,
        flush1,
        flush2,
        flush3,
        flush4,
        flush5,
        flush6,
        flush7,
        flush8,
        miss1,
        miss2,
        miss3,
        miss4,
        miss5,
        start1,
        start2,
        start3,
        life1,
        life2,
        life3,
        thr1,
        thr2,
        thr3,
        log1,
        log2,
        log3,
        log4,
        log5,
        log6,
        log7,
        wk1,
        wk2,
        wk3,
        wk4,
        wk5,
    ]
}

extension Obligation {
    /// DISP-1.a (J): a send appends the message to the queue and then sets the iframe's `src` to the queue URL
    package static let disp1a = Obligation(.disp1, "a", .javaScriptSide, order: 0)
    /// DISP-1.b (J): every send signals, even while an earlier signal is unfetched
    package static let disp1b = Obligation(.disp1, "b", .javaScriptSide, order: 1)
    /// DISP-2.a (J): `_fetchQueue()` returns a string: `JSON.stringify` of the whole queue
    package static let disp2a = Obligation(.disp2, "a", .javaScriptSide, order: 2)
    /// DISP-2.b (J): an empty queue gives `"[]"`
    package static let disp2b = Obligation(.disp2, "b", .javaScriptSide, order: 3)
    /// DISP-2.c (J): the queue is emptied by the fetch, after stringify: one fetch drains everything queued
    package static let disp2c = Obligation(.disp2, "c", .javaScriptSide, order: 4)
    /// BOOT-1.a (N): a queue URL navigation is cancelled
    package static let boot1a = Obligation(.boot1, "a", .native, order: 5)
    /// BOOT-1.b (N): a load URL navigation is cancelled
    package static let boot1b = Obligation(.boot1, "b", .native, order: 6)
    /// BOOT-1.c (N): scheme and host are compared ASCII case-insensitively
    package static let boot1c = Obligation(.boot1, "c", .native, order: 7)
    /// BOOT-1.d (N): the `wvjbscheme` scheme is a bridge scheme
    package static let boot1d = Obligation(.boot1, "d", .native, order: 8)
    /// BOOT-1.e (N): user info, port, path, query and fragment do not change the classification
    package static let boot1e = Obligation(.boot1, "e", .native, order: 9)
    /// BOOT-1.f (N): no navigation request is decided twice
    package static let boot1f = Obligation(.boot1, "f", .native, order: 10)
    /// BOOT-1.g (N): no navigation request is left undecided
    package static let boot1g = Obligation(.boot1, "g", .native, order: 11)
    /// BOOT-2.a (N): an ordinary page URL is never cancelled
    package static let boot2a = Obligation(.boot2, "a", .native, order: 12)
    /// BOOT-2.b (N): `http` with a bridge host is not a bridge URL
    package static let boot2b = Obligation(.boot2, "b", .native, order: 13)
    /// BOOT-2.c (N): a bridge name outside the host (path, query, user info, a longer host) is not a bridge URL
    package static let boot2c = Obligation(.boot2, "c", .native, order: 14)
    /// BOOT-3.a (N): a load URL makes the native side evaluate the whole JS side
    package static let boot3a = Obligation(.boot3, "a", .native, order: 15)
    /// BOOT-3.b (N): the JS side is evaluated before any message held in the startup queue
    package static let boot3b = Obligation(.boot3, "b", .native, order: 16)
    /// BOOT-4.a (N): the JS side is injected again for the load URL of a reloaded page
    package static let boot4a = Obligation(.boot4, "a", .native, order: 17)
    /// BOOT-4.b (N): the JS side is injected for the load URL of a page navigated to
    package static let boot4b = Obligation(.boot4, "b", .native, order: 18)
    /// BOOT-4.c (N): the JS side is injected for the load URL of a page loaded from an HTML string (`about:blank`
    /// without a base URL)
    package static let boot4c = Obligation(.boot4, "c", .native, order: 19)
    /// BOOT-5.a (P): with a bridge present, the callback is called synchronously with it
    package static let boot5a = Obligation(.boot5, "a", .pageSnippet, order: 20)
    /// BOOT-5.b (P): with `window.WVJBCallbacks` present, the callback is appended to it
    package static let boot5b = Obligation(.boot5, "b", .pageSnippet, order: 21)
    /// BOOT-5.c (P): otherwise `WVJBCallbacks` is created and an iframe with the load URL is appended to
    /// `document.documentElement`
    package static let boot5c = Obligation(.boot5, "c", .pageSnippet, order: 22)
    /// BOOT-5.d (P): that iframe is removed again in a `setTimeout(..., 0)`
    package static let boot5d = Obligation(.boot5, "d", .pageSnippet, order: 23)
    /// BOOT-6.a (J): the messaging iframe's `src` is the queue URL before it is appended
    package static let boot6a = Obligation(.boot6, "a", .javaScriptSide, order: 24)
    /// BOOT-6.c (J): the messaging iframe is appended to `document.documentElement`
    package static let boot6c = Obligation(.boot6, "c", .javaScriptSide, order: 25)
    /// BOOT-6.b (N): the fetch that injection causes returns `"[]"` and is handled as an empty batch
    package static let boot6b = Obligation(.boot6, "b", .native, order: 26)
    /// BOOT-7.a (J): the setup callbacks are called in order, with the bridge, from a `setTimeout(..., 0)` task
    package static let boot7a = Obligation(.boot7, "a", .javaScriptSide, order: 27)
    /// BOOT-7.b (J): `window.WVJBCallbacks` is deleted by that task
    package static let boot7b = Obligation(.boot7, "b", .javaScriptSide, order: 28)
    /// BOOT-7.c (J): no setup callback is called synchronously during injection
    package static let boot7c = Obligation(.boot7, "c", .javaScriptSide, order: 29)
    /// BOOT-8.a (J): without `window.WVJBCallbacks` the task does nothing and throws nothing
    package static let boot8a = Obligation(.boot8, "a", .javaScriptSide, order: 30)
    /// BOOT-9.a (N): every navigation request that is not for a bridge URL is handed to the app's delegate, which
    /// decides it
    package static let boot9a = Obligation(.boot9, "a", .native, order: 31)
    /// BOOT-9.b (N): no request for a bridge URL is handed to the app's delegate
    package static let boot9b = Obligation(.boot9, "b", .native, order: 32)
    /// BOOT-9.c (N): the app's delegate hears of every main-frame load's start, commit and finish
    package static let boot9c = Obligation(.boot9, "c", .native, order: 33)
    /// BOOT-9.d (N): the app's delegate hears of every failed load, before and after its commit
    package static let boot9d = Obligation(.boot9, "d", .native, order: 34)
    /// BOOT-9.e (N): each decision and event reaches the app's delegate once
    package static let boot9e = Obligation(.boot9, "e", .native, order: 35)
    /// BOOT-10.a (J): the messaging iframe is hidden: its style's `display` is `none`
    package static let boot10a = Obligation(.boot10, "a", .javaScriptSide, order: 36)
    /// MSG-1.a (J): a JS message has no keys beyond the five
    package static let msg1a = Obligation(.msg1, "a", .javaScriptSide, order: 37)
    /// MSG-1.b (N): a native message has no keys beyond the five
    package static let msg1b = Obligation(.msg1, "b", .native, order: 38)
    /// MSG-4.a (N): a message with a `responseId` key is a response whatever the value (`null`, `""`, `0`)
    package static let msg4a = Obligation(.msg4, "a", .native, order: 39)
    /// MSG-4.b (N): a message without a `responseId` key is a call
    package static let msg4b = Obligation(.msg4, "b", .native, order: 40)
    /// MSG-5.a (J): a JS call carries `handlerName`
    package static let msg5a = Obligation(.msg5, "a", .javaScriptSide, order: 41)
    /// MSG-5.b (J): a JS call carries `data` unless it is `undefined` (`null` included)
    package static let msg5b = Obligation(.msg5, "b", .javaScriptSide, order: 42)
    /// MSG-5.c (J): a JS call carries `callbackId` if and only if a callback was given
    package static let msg5c = Obligation(.msg5, "c", .javaScriptSide, order: 43)
    /// MSG-6.a (J): a JS response carries the answering handler's `handlerName`
    package static let msg6a = Obligation(.msg6, "a", .javaScriptSide, order: 44)
    /// MSG-6.b (J): a JS response's `responseId` equals the native call's `callbackId`
    package static let msg6b = Obligation(.msg6, "b", .javaScriptSide, order: 45)
    /// MSG-6.c (J): a JS response carries `responseData` for every answer but `undefined` (`null`, `false`, `0`, `""`
    /// included)
    package static let msg6c = Obligation(.msg6, "c", .javaScriptSide, order: 46)
    /// MSG-6.d (J): a JS response carries no `callbackId` and no `data`
    package static let msg6d = Obligation(.msg6, "d", .javaScriptSide, order: 47)
    /// MSG-7.a (N): a native call carries `handlerName` when the name is non-nil
    package static let msg7a = Obligation(.msg7, "a", .native, order: 48)
    /// MSG-7.b (N): a native call carries `data` when it is non-nil (JSON null included) and not otherwise
    package static let msg7b = Obligation(.msg7, "b", .native, order: 49)
    /// MSG-7.c (N): a native call carries `callbackId` if and only if a callback was given
    package static let msg7c = Obligation(.msg7, "c", .native, order: 50)
    /// MSG-2.a (N): a native response has exactly the keys `responseId` and `responseData`
    package static let msg2a = Obligation(.msg2, "a", .native, order: 51)
    /// MSG-2.b (N): a native response's `responseId` is the JS call's `callbackId`, unchanged
    package static let msg2b = Obligation(.msg2, "b", .native, order: 52)
    /// MSG-2.c (N): a nil answer is sent as `"responseData":null`
    package static let msg2c = Obligation(.msg2, "c", .native, order: 53)
    /// MSG-3.a (N): a call without `data` reaches its handler with nil, and is not dropped
    package static let msg3a = Obligation(.msg3, "a", .native, order: 54)
    /// MSG-3.b (N): `null` data reaches the handler as JSON null, distinct from nil
    package static let msg3b = Obligation(.msg3, "b", .native, order: 55)
    /// MSG-3.c (N): string data arrives code unit for code unit
    package static let msg3c = Obligation(.msg3, "c", .native, order: 56)
    /// MSG-3.d (N): numbers arrive unchanged
    package static let msg3d = Obligation(.msg3, "d", .native, order: 57)
    /// MSG-3.e (N): booleans arrive as booleans, not numbers
    package static let msg3e = Obligation(.msg3, "e", .native, order: 58)
    /// MSG-3.f (N): arrays and objects arrive unchanged, nesting included
    package static let msg3f = Obligation(.msg3, "f", .native, order: 59)
    /// MSG-3.g (N): non-object data is never turned into nil
    package static let msg3g = Obligation(.msg3, "g", .native, order: 60)
    /// MSG-8.a (J): `callHandler(name)` and `callHandler(name, data)` send a call
    package static let msg8a = Obligation(.msg8, "a", .javaScriptSide, order: 61)
    /// MSG-8.b (J): `callHandler(name, data, callback)` sends a call with a callback
    package static let msg8b = Obligation(.msg8, "b", .javaScriptSide, order: 62)
    /// MSG-8.c (J): `callHandler(name, fn)` sends `"data":null` with callback `fn`
    package static let msg8c = Obligation(.msg8, "c", .javaScriptSide, order: 63)
    /// MSG-8.d (J): `callHandler(name, fn, undefined)` sends no `callbackId`
    package static let msg8d = Obligation(.msg8, "d", .javaScriptSide, order: 64)
    /// MSG-9.a (N): a received message is read the same whatever its key order
    package static let msg9a = Obligation(.msg9, "a", .native, order: 65)
    /// MSG-9.b (N): a received message is read the same whatever its whitespace
    package static let msg9b = Obligation(.msg9, "b", .native, order: 66)
    /// MSG-9.c (N): a received message is read the same whatever equivalent escapes it uses
    package static let msg9c = Obligation(.msg9, "c", .native, order: 67)
    /// ORD-1.a (N): native sends are delivered in send order
    package static let ord1a = Obligation(.ord1, "a", .native, order: 68)
    /// ORD-1.b (N): the order holds across the startup queue
    package static let ord1b = Obligation(.ord1, "b", .native, order: 69)
    /// ORD-1.c (N): the order holds across main-thread hops
    package static let ord1c = Obligation(.ord1, "c", .native, order: 70)
    /// ORD-1.d (N): the order holds for responses given while a batch runs, between calls
    package static let ord1d = Obligation(.ord1, "d", .native, order: 71)
    /// ORD-2.a (N): the messages of one batch are handled in array order
    package static let ord2a = Obligation(.ord2, "a", .native, order: 72)
    /// ORD-2.b (N): each message's handler or callback returns before the next message is examined
    package static let ord2b = Obligation(.ord2, "b", .native, order: 73)
    /// ORD-2.c (N): responses and calls mixed in one batch keep array order
    package static let ord2c = Obligation(.ord2, "c", .native, order: 74)
    /// ORD-3.a (J): JS queues messages in the order of the `callHandler` calls
    package static let ord3a = Obligation(.ord3, "a", .javaScriptSide, order: 75)
    /// ORD-3.b (J): responder calls are queued in order among the calls
    package static let ord3b = Obligation(.ord3, "b", .javaScriptSide, order: 76)
    /// ID-1.a (J): JS callback ids have the form `cb_<n>_<time>`
    package static let id1a = Obligation(.id1, "a", .javaScriptSide, order: 77)
    /// ID-1.b (J): `n` starts at 1 in each page
    package static let id1b = Obligation(.id1, "b", .javaScriptSide, order: 78)
    /// ID-1.c (J): `n` advances only for sends that carry a callback
    package static let id1c = Obligation(.id1, "c", .javaScriptSide, order: 79)
    /// ID-2.a (N): native callback ids have the form `objc_cb_<n>`
    package static let id2a = Obligation(.id2, "a", .native, order: 80)
    /// ID-2.b (N): `n` starts at 1 for each bridge
    package static let id2b = Obligation(.id2, "b", .native, order: 81)
    /// ID-2.c (N): `n` advances only for calls that carry a callback
    package static let id2c = Obligation(.id2, "c", .native, order: 82)
    /// ID-3.a (N): JS callback ids of any form are returned unchanged, never parsed
    package static let id3a = Obligation(.id3, "a", .native, order: 83)
    /// ID-3.b (J): native callback ids of any form are returned unchanged, never parsed
    package static let id3b = Obligation(.id3, "b", .javaScriptSide, order: 84)
    /// CB-1.a (N): ids are unique among outstanding callbacks
    package static let cb1a = Obligation(.cb1, "a", .native, order: 85)
    /// CB-1.b (N): a response reaches the callback its `responseId` names, also out of order
    package static let cb1b = Obligation(.cb1, "b", .native, order: 86)
    /// CB-2.a (N): a callback runs at most once
    package static let cb2a = Obligation(.cb2, "a", .native, order: 87)
    /// CB-2.b (N): a later response with the same id is ignored and the batch goes on
    package static let cb2b = Obligation(.cb2, "b", .native, order: 88)
    /// CB-3.a (N): a response with a never-issued id invokes no callback
    package static let cb3a = Obligation(.cb3, "a", .native, order: 89)
    /// CB-3.b (N): a response for an already answered callback invokes no callback
    package static let cb3b = Obligation(.cb3, "b", .native, order: 90)
    /// CB-3.c (N): a response for a callback dropped by reset invokes no callback
    package static let cb3c = Obligation(.cb3, "c", .native, order: 91)
    /// CB-3.d (N): the rest of the batch still runs after an unknown id
    package static let cb3d = Obligation(.cb3, "d", .native, order: 92)
    /// CB-4.a (N): a callback gets `responseData` as a parsed JSON value, each JSON form unchanged
    package static let cb4a = Obligation(.cb4, "a", .native, order: 93)
    /// CB-4.b (N): an absent `responseData` key gives nil
    package static let cb4b = Obligation(.cb4, "b", .native, order: 94)
    /// CB-4.c (N): `"responseData":null` gives JSON null, distinct from nil
    package static let cb4c = Obligation(.cb4, "c", .native, order: 95)
    /// CB-4.d (N): only a response names a callback: a call with a `callbackId` invokes none
    package static let cb4d = Obligation(.cb4, "d", .native, order: 96)
    /// ESC-1.a (N): each message is its own evaluation
    package static let esc1a = Obligation(.esc1, "a", .native, order: 97)
    /// ESC-1.b (N): the evaluation is one call with a single-quoted literal as its argument, nothing before or after it
    /// (its spelling: ESC-5)
    package static let esc1b = Obligation(.esc1, "b", .native, order: 98)
    /// ESC-1.c (N): the call is of `WebViewJavascriptBridge._handleMessageFromObjC` and reaches it: no other function,
    /// no exception of its own
    package static let esc1c = Obligation(.esc1, "c", .native, order: 99)
    /// ESC-2.a (N): each backslash is written `\\`, first, so other escapes are not doubled
    package static let esc2a = Obligation(.esc2, "a", .native, order: 100)
    /// ESC-2.c (N): each `'` is written `\'`
    package static let esc2c = Obligation(.esc2, "c", .native, order: 101)
    /// ESC-2.d (N): each LF is written `\n`
    package static let esc2d = Obligation(.esc2, "d", .native, order: 102)
    /// ESC-2.e (N): each CR is written `\r`
    package static let esc2e = Obligation(.esc2, "e", .native, order: 103)
    /// ESC-2.g (N): each U+2028 is written `\u2028`
    package static let esc2g = Obligation(.esc2, "g", .native, order: 104)
    /// ESC-2.h (N): each U+2029 is written `\u2029`
    package static let esc2h = Obligation(.esc2, "h", .native, order: 105)
    /// ESC-2.i (N): the literal holds no ES2015 `\u{...}` escape
    package static let esc2i = Obligation(.esc2, "i", .native, order: 106)
    /// ESC-2.j (N): the literal ends only at its closing quote, sequences with combining marks included
    package static let esc2j = Obligation(.esc2, "j", .native, order: 107)
    /// ESC-3.a (N): the message parsed from the literal equals the message sent
    package static let esc3a = Obligation(.esc3, "a", .native, order: 108)
    /// ESC-3.b (N): NUL and other control characters survive
    package static let esc3b = Obligation(.esc3, "b", .native, order: 109)
    /// ESC-3.c (N): surrogate pairs and non-ASCII text survive
    package static let esc3c = Obligation(.esc3, "c", .native, order: 110)
    /// ESC-3.d (N): U+FEFF survives
    package static let esc3d = Obligation(.esc3, "d", .native, order: 111)
    /// ESC-4.a (N): data that cannot be serialized does not crash the native side
    package static let esc4a = Obligation(.esc4, "a", .native, order: 112)
    /// ESC-4.b (N): such data never yields a command breaking ESC-1 to ESC-3
    package static let esc4b = Obligation(.esc4, "b", .native, order: 113)
    /// ESC-4.c (N): the messages sent after one that cannot be serialized still arrive
    package static let esc4c = Obligation(.esc4, "c", .native, order: 114)
    /// ESC-5.a (N): the call is followed by its `;`
    package static let esc5a = Obligation(.esc5, "a", .native, order: 115)
    /// ESC-5.b (N): the call is written without `window.` and without white space before, inside or after it
    package static let esc5b = Obligation(.esc5, "b", .native, order: 116)
    /// DISP-3.a (J): `_handleMessageFromObjC(json)` dispatches the one message `json` encodes
    package static let disp3a = Obligation(.disp3, "a", .javaScriptSide, order: 117)
    /// DISP-3.b (J): messages are dispatched in arrival order
    package static let disp3b = Obligation(.disp3, "b", .javaScriptSide, order: 118)
    /// SAFE-1.a (J): by default each message is dispatched on a later `setTimeout` turn
    package static let safe1a = Obligation(.safe1, "a", .javaScriptSide, order: 119)
    /// SAFE-1.b (J): by default `_handleMessageFromObjC` runs no handler or callback before it returns
    package static let safe1b = Obligation(.safe1, "b", .javaScriptSide, order: 120)
    /// SAFE-1.c (N): the native side does not switch the safety off unasked
    package static let safe1c = Obligation(.safe1, "c", .native, order: 121)
    /// DISP-4.a (J): a response calls its callback once with `responseData`
    package static let disp4a = Obligation(.disp4, "a", .javaScriptSide, order: 122)
    /// DISP-4.b (J): the callback is deleted after its response
    package static let disp4b = Obligation(.disp4, "b", .javaScriptSide, order: 123)
    /// DISP-4.c (J): a response with an unknown or used id is ignored without error
    package static let disp4c = Obligation(.disp4, "c", .javaScriptSide, order: 124)
    /// DISP-4.d (J): a message whose `responseId` is falsy is dispatched as a call
    package static let disp4d = Obligation(.disp4, "d", .javaScriptSide, order: 125)
    /// DISP-5.a (J): a handler gets the call's `data`, absent staying `undefined` and `null` staying `null`
    package static let disp5a = Obligation(.disp5, "a", .javaScriptSide, order: 126)
    /// DISP-5.b (J): with a `callbackId` the handler gets a responder callable any number of times, one response per
    /// call
    package static let disp5b = Obligation(.disp5, "b", .javaScriptSide, order: 127)
    /// DISP-5.c (J): without a `callbackId` the second argument is `undefined`
    package static let disp5c = Obligation(.disp5, "c", .javaScriptSide, order: 128)
    /// DISP-6.a (J): a call to an unregistered JS handler gets no response
    package static let disp6a = Obligation(.disp6, "a", .javaScriptSide, order: 129)
    /// DISP-7.a (J): `registerHandler` replaces a handler registered under the same name
    package static let disp7a = Obligation(.disp7, "a", .javaScriptSide, order: 130)
    /// DISP-8.a (J): a second evaluation of the JS side changes no state
    package static let disp8a = Obligation(.disp8, "a", .javaScriptSide, order: 131)
    /// DISP-9.a (J): a `window.onerror` the page set is kept
    package static let disp9a = Obligation(.disp9, "a", .javaScriptSide, order: 132)
    /// DISP-10.a (J): the bridge object has each of the five members
    package static let disp10a = Obligation(.disp10, "a", .javaScriptSide, order: 133)
    /// DISP-10.b (J): the bridge object has no other member (no `removeHandler`)
    package static let disp10b = Obligation(.disp10, "b", .javaScriptSide, order: 134)
    /// DISP-11.a (J): the JS side works collapsed to one line: explicit semicolons, no `//` comments
    package static let disp11a = Obligation(.disp11, "a", .javaScriptSide, order: 135)
    /// DISP-12.a (J): no DOM facility beyond the listed ones is used
    package static let disp12a = Obligation(.disp12, "a", .javaScriptSide, order: 136)
    /// DISP-12.b (J): iframes are used only through `style` and `src`
    package static let disp12b = Obligation(.disp12, "b", .javaScriptSide, order: 137)
    /// DISP-12.c (J): timers are set only as `setTimeout(fn)` or `setTimeout(fn, 0)`
    package static let disp12c = Obligation(.disp12, "c", .javaScriptSide, order: 138)
    /// DISP-12.d (J): no global other than `window.WebViewJavascriptBridge` is defined
    package static let disp12d = Obligation(.disp12, "d", .javaScriptSide, order: 139)
    /// SAFE-2.a (N): the switch is the call `{"handlerName":"_disableJavascriptAlertBoxSafetyTimeout"}`, spelled so
    package static let safe2a = Obligation(.safe2, "a", .native, order: 140)
    /// SAFE-2.b (N): that call carries no `data` and no `callbackId`
    package static let safe2b = Obligation(.safe2, "b", .native, order: 141)
    /// SAFE-2.c (N): before injection that call waits in the startup queue
    package static let safe2c = Obligation(.safe2, "c", .native, order: 142)
    /// SAFE-2.d (N): the safety is switched off no other way (no direct script)
    package static let safe2d = Obligation(.safe2, "d", .native, order: 143)
    /// SAFE-2.e (N): the call is not resent on a later page
    package static let safe2e = Obligation(.safe2, "e", .native, order: 144)
    /// SAFE-4.a (J): dispatching `_disableJavascriptAlertBoxSafetyTimeout` switches to synchronous dispatch
    package static let safe4a = Obligation(.safe4, "a", .javaScriptSide, order: 145)
    /// SAFE-4.b (J): `bridge.disableJavscriptAlertBoxSafetyTimeout()` from page code switches likewise
    package static let safe4b = Obligation(.safe4, "b", .javaScriptSide, order: 146)
    /// SAFE-3.a (J): with the safety on, a dialog never opens under a synchronous native evaluation
    package static let safe3a = Obligation(.safe3, "a", .javaScriptSide, order: 147)
    /// FLUSH-1.a (N): the fetch evaluates exactly `WebViewJavascriptBridge._fetchQueue();`
    package static let flush1a = Obligation(.flush1, "a", .native, order: 148)
    /// FLUSH-1.b (N): each cancelled queue URL gets its own fetch
    package static let flush1b = Obligation(.flush1, "b", .native, order: 149)
    /// FLUSH-2.a (N): a nil result runs nothing and crashes nothing
    package static let flush2a = Obligation(.flush2, "a", .native, order: 150)
    /// FLUSH-2.b (N): an empty-string result runs nothing and crashes nothing
    package static let flush2b = Obligation(.flush2, "b", .native, order: 151)
    /// FLUSH-2.c (N): an evaluation error runs nothing and crashes nothing
    package static let flush2c = Obligation(.flush2, "c", .native, order: 152)
    /// FLUSH-3.a (N): invalid JSON drops the whole batch, none of it run
    package static let flush3a = Obligation(.flush3, "a", .native, order: 153)
    /// FLUSH-3.b (N): JSON a lenient parser accepts (trailing commas, leading zeros, unknown escapes) is invalid
    package static let flush3b = Obligation(.flush3, "b", .native, order: 154)
    /// FLUSH-3.c (N): batches fetched after an invalid one are still handled
    package static let flush3c = Obligation(.flush3, "c", .native, order: 155)
    /// FLUSH-4.a (N): a top-level object is ignored
    package static let flush4a = Obligation(.flush4, "a", .native, order: 156)
    /// FLUSH-4.b (N): a top-level `null`, number or string is ignored
    package static let flush4b = Obligation(.flush4, "b", .native, order: 157)
    /// FLUSH-5.a (N): a non-object element is skipped
    package static let flush5a = Obligation(.flush5, "a", .native, order: 158)
    /// FLUSH-5.b (N): a string element holding a message's JSON is skipped, not parsed
    package static let flush5b = Obligation(.flush5, "b", .native, order: 159)
    /// FLUSH-5.c (N): the rest of the batch runs after a skipped element
    package static let flush5c = Obligation(.flush5, "c", .native, order: 160)
    /// FLUSH-7.a (N): a registered handler is invoked once per call, with the data
    package static let flush7a = Obligation(.flush7, "a", .native, order: 161)
    /// FLUSH-7.b (N): the responder can be called any number of times, one response each
    package static let flush7b = Obligation(.flush7, "b", .native, order: 162)
    /// FLUSH-7.c (N): the responder works after the handler has returned
    package static let flush7c = Obligation(.flush7, "c", .native, order: 163)
    /// FLUSH-7.d (N): without a `callbackId` the responder sends nothing
    package static let flush7d = Obligation(.flush7, "d", .native, order: 164)
    /// FLUSH-8.a (N): a handler failure the native side observes does not stop the batch
    package static let flush8a = Obligation(.flush8, "a", .native, order: 165)
    /// MISS-1.a (N): a call to an unregistered name invokes no native handler
    package static let miss1a = Obligation(.miss1, "a", .native, order: 166)
    /// MISS-1.b (N): a call without `handlerName` invokes no native handler
    package static let miss1b = Obligation(.miss1, "b", .native, order: 167)
    /// MISS-1.c (N): no response is sent for a missing handler beyond the one error response MISS-4 allows for a call
    /// with a `callbackId`
    package static let miss1c = Obligation(.miss1, "c", .native, order: 168)
    /// MISS-1.d (N): the rest of the batch runs
    package static let miss1d = Obligation(.miss1, "d", .native, order: 169)
    /// MISS-2.a (N): after `removeHandler(name)`, calls to `name` behave as MISS-1
    package static let miss2a = Obligation(.miss2, "a", .native, order: 170)
    /// MISS-2.b (N): other handlers are unaffected by the removal
    package static let miss2b = Obligation(.miss2, "b", .native, order: 171)
    /// MISS-3.a (N): a native call to an unregistered JS handler invokes no callback
    package static let miss3a = Obligation(.miss3, "a", .native, order: 172)
    /// MISS-3.b (N): later calls and their answers are unaffected
    package static let miss3b = Obligation(.miss3, "b", .native, order: 173)
    /// MISS-5.a (N): the error-response extension is off by default: without switching it on, a call with a
    /// `callbackId` to a missing handler gets no response
    package static let miss5a = Obligation(.miss5, "a", .native, order: 174)
    /// START-1.a (N): calls sent before injection are held and delivered
    package static let start1a = Obligation(.start1, "a", .native, order: 175)
    /// START-1.b (N): responses sent before injection are held and delivered
    package static let start1b = Obligation(.start1, "b", .native, order: 176)
    /// START-1.c (N): held messages are delivered in FIFO order
    package static let start1c = Obligation(.start1, "c", .native, order: 177)
    /// START-1.d (N): held messages are delivered once each, one evaluation each
    package static let start1d = Obligation(.start1, "d", .native, order: 178)
    /// START-2.a (N): after the flush, sends are evaluated at once, for the life of the bridge
    package static let start2a = Obligation(.start2, "a", .native, order: 179)
    /// START-3.a (N): reset re-arms the startup queue until the next load URL
    package static let start3a = Obligation(.start3, "a", .native, order: 180)
    /// START-3.b (N): reset drops outstanding callbacks without calling them
    package static let start3b = Obligation(.start3, "b", .native, order: 181)
    /// START-3.c (N): reset restarts callback numbering
    package static let start3c = Obligation(.start3, "c", .native, order: 182)
    /// START-3.d (N): reset keeps registered handlers
    package static let start3d = Obligation(.start3, "d", .native, order: 183)
    /// LIFE-1.a (N): handlers persist across a reload
    package static let life1a = Obligation(.life1, "a", .native, order: 184)
    /// LIFE-1.b (N): handlers persist across a navigation
    package static let life1b = Obligation(.life1, "b", .native, order: 185)
    /// LIFE-3.a (N): a callback of a call sent to an earlier page is not invoked unasked
    package static let life3a = Obligation(.life3, "a", .native, order: 186)
    /// THR-1.a (N): JavaScript is evaluated on the main thread
    package static let thr1a = Obligation(.thr1, "a", .native, order: 187)
    /// THR-1.b (N): navigation requests are decided on the main thread
    package static let thr1b = Obligation(.thr1, "b", .native, order: 188)
    /// THR-2.a (N): calls from other threads neither deadlock nor get lost
    package static let thr2a = Obligation(.thr2, "a", .native, order: 189)
    /// THR-2.b (N): responder calls from other threads neither deadlock nor get lost
    package static let thr2b = Obligation(.thr2, "b", .native, order: 190)
    /// THR-2.c (N): sends from one thread keep their order
    package static let thr2c = Obligation(.thr2, "c", .native, order: 191)
    /// THR-3.a (N): no calling thread waits synchronously for the main thread
    package static let thr3a = Obligation(.thr3, "a", .native, order: 192)
    /// LOG-1.a (N): a call to a missing native handler is logged
    package static let log1a = Obligation(.log1, "a", .native, order: 193)
    /// LOG-2.a (N): a nil or empty `_fetchQueue` result, or an evaluation error, is logged
    package static let log2a = Obligation(.log2, "a", .native, order: 194)
    /// LOG-3.a (N): a non-object element is logged
    package static let log3a = Obligation(.log3, "a", .native, order: 195)
    /// LOG-4.a (N): invalid JSON is logged
    package static let log4a = Obligation(.log4, "a", .native, order: 196)
    /// LOG-4.b (N): a non-array batch is logged
    package static let log4b = Obligation(.log4, "b", .native, order: 197)
    /// LOG-4.c (N): a response with an unknown `responseId` is logged
    package static let log4c = Obligation(.log4, "c", .native, order: 198)
    /// LOG-5.a (J): a call to a missing JS handler is logged with `console.log` and two arguments
    package static let log5a = Obligation(.log5, "a", .javaScriptSide, order: 199)
    /// LOG-6.a (J): without a page `window.onerror`, the JS side installs one
    package static let log6a = Obligation(.log6, "a", .javaScriptSide, order: 200)
    /// LOG-6.b (J): it logs `"WebViewJavascriptBridge: ERROR:" + msg + "@" + url + ":" + line`
    package static let log6b = Obligation(.log6, "b", .javaScriptSide, order: 201)
    /// LOG-7.a (N): traffic logging is off by default
    package static let log7a = Obligation(.log7, "a", .native, order: 202)
    /// LOG-7.b (N): when on, each evaluated message is logged `WVJB SEND: ...` and each received one `WVJB RCVD: ...`
    package static let log7b = Obligation(.log7, "b", .native, order: 203)
    /// LOG-7.c (N): logged text past the maximum length is cut and marked ` [...]`
    package static let log7c = Obligation(.log7, "c", .native, order: 204)
    /// WK-1.a (J): each send, call or response, posts once to `iOS_Native_FlushMessageQueue`
    package static let wk1a = Obligation(.wk1, "a", .javaScriptSide, order: 205)
    /// WK-1.b (J): the body posted is `null`
    package static let wk1b = Obligation(.wk1, "b", .javaScriptSide, order: 206)
    /// WK-1.c (J): no send makes a navigation request
    package static let wk1c = Obligation(.wk1, "c", .javaScriptSide, order: 207)
    /// WK-2.a (N): each flush message is followed by one fetch
    package static let wk2a = Obligation(.wk2, "a", .native, order: 208)
    /// WK-2.b (N): the fetch is exactly `WKWebViewJavascriptBridge._fetchQueue();`
    package static let wk2b = Obligation(.wk2, "b", .native, order: 209)
    /// WK-3.a (N): the whole JS side is evaluated for each inject message, on every page
    package static let wk3a = Obligation(.wk3, "a", .native, order: 210)
    /// WK-3.b (N): calls held before the page loaded reach the JS handlers its setup callbacks register
    package static let wk3b = Obligation(.wk3, "b", .native, order: 211)
    /// WK-4.a (P): with the bridge present, the callback is called at once with it and nothing is posted
    package static let wk4a = Obligation(.wk4, "a", .pageSnippet, order: 212)
    /// WK-4.b (P): with `window.WKWVJBCallbacks` present, the callback is appended to it and nothing is posted
    package static let wk4b = Obligation(.wk4, "b", .pageSnippet, order: 213)
    /// WK-4.c (P): otherwise `WKWVJBCallbacks` is created with the callback and `null` is posted once to
    /// `iOS_Native_InjectJavascript`
    package static let wk4c = Obligation(.wk4, "c", .pageSnippet, order: 214)
    /// WK-5.a (N): both script message handlers exist when the page loads
    package static let wk5a = Obligation(.wk5, "a", .native, order: 215)

    /// Every obligation of appendix C, in its order.
    package static let all: [Obligation] = [
        disp1a,
        disp1b,
        disp2a,
        disp2b,
        disp2c,
        boot1a,
        boot1b,
        boot1c,
        boot1d,
        boot1e,
        boot1f,
        boot1g,
        boot2a,
        boot2b,
        boot2c,
        boot3a,
        boot3b,
        boot4a,
        boot4b,
        boot4c,
        boot5a,
        boot5b,
        boot5c,
        boot5d,
        boot6a,
        boot6c,
        boot6b,
        boot7a,
        boot7b,
        boot7c,
        boot8a,
        boot9a,
        boot9b,
        boot9c,
        boot9d,
        boot9e,
        boot10a,
        msg1a,
        msg1b,
        msg4a,
        msg4b,
        msg5a,
        msg5b,
        msg5c,
        msg6a,
        msg6b,
        msg6c,
        msg6d,
        msg7a,
        msg7b,
        msg7c,
        msg2a,
        msg2b,
        msg2c,
        msg3a,
        msg3b,
        msg3c,
        msg3d,
        msg3e,
        msg3f,
        msg3g,
        msg8a,
        msg8b,
        msg8c,
        msg8d,
        msg9a,
        msg9b,
        msg9c,
        ord1a,
        ord1b,
        ord1c,
        ord1d,
        ord2a,
        ord2b,
        ord2c,
        ord3a,
        ord3b,
        id1a,
        id1b,
        id1c,
        id2a,
        id2b,
        id2c,
        id3a,
        id3b,
        cb1a,
        cb1b,
        cb2a,
        cb2b,
        cb3a,
        cb3b,
        cb3c,
        cb3d,
        cb4a,
        cb4b,
        cb4c,
        cb4d,
        esc1a,
        esc1b,
        esc1c,
        esc2a,
        esc2c,
        esc2d,
        esc2e,
        esc2g,
        esc2h,
        esc2i,
        esc2j,
        esc3a,
        esc3b,
        esc3c,
        esc3d,
        esc4a,
        esc4b,
        esc4c,
        esc5a,
        esc5b,
        disp3a,
        disp3b,
        safe1a,
        safe1b,
        safe1c,
        disp4a,
        disp4b,
        disp4c,
        disp4d,
        disp5a,
        disp5b,
        disp5c,
        disp6a,
        disp7a,
        disp8a,
        disp9a,
        disp10a,
        disp10b,
        disp11a,
        disp12a,
        disp12b,
        disp12c,
        disp12d,
        safe2a,
        safe2b,
        safe2c,
        safe2d,
        safe2e,
        safe4a,
        safe4b,
        safe3a,
        flush1a,
        flush1b,
        flush2a,
        flush2b,
        flush2c,
        flush3a,
        flush3b,
        flush3c,
        flush4a,
        flush4b,
        flush5a,
        flush5b,
        flush5c,
        flush7a,
        flush7b,
        flush7c,
        flush7d,
        flush8a,
        miss1a,
        miss1b,
        miss1c,
        miss1d,
        miss2a,
        miss2b,
        miss3a,
        miss3b,
        miss5a,
        start1a,
        start1b,
        start1c,
        start1d,
        start2a,
        start3a,
        start3b,
        start3c,
        start3d,
        life1a,
        life1b,
        life3a,
        thr1a,
        thr1b,
        thr2a,
        thr2b,
        thr2c,
        thr3a,
        log1a,
        log2a,
        log3a,
        log4a,
        log4b,
        log4c,
        log5a,
        log6a,
        log6b,
        log7a,
        log7b,
        log7c,
        wk1a,
        wk1b,
        wk1c,
        wk2a,
        wk2b,
        wk3a,
        wk3b,
        wk4a,
        wk4b,
        wk4c,
        wk5a,
    ]
}
