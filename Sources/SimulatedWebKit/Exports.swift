// WebKit's module brings Foundation (and, through it, `URLRequest`) with it; so does this one, so a file that
// imports WebKit or this module sees the same types. On Linux `URLRequest` lives in FoundationNetworking.
@_exported import Foundation

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
