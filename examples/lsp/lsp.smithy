$version: "2"

// The Language Server Protocol (3.18 meta model,
// ../../../shared/corpus/lsp/metaModel.json) as a Smithy service served over
// JSON-RPC 2.0: the lifecycle, text synchronization, hover, completion,
// definition, references, diagnostics, window messages, cancellation and
// progress, plus the server-to-client requests a real server (gopls) sends
// during a session. Each method's kind and sender are the meta model's
// "messageDirection". Structures list the members these methods use; the
// large capability objects are "known members plus anything else". See
// ../README.md for how each protocol rule maps to a trait.
namespace org.lsp

use alloy#jsonUnknown
use alloy#nullable
use alloy#untagged
use smithy.rpc#cancels
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

/// LSP: JSON-RPC 2.0 framed by Content-Length headers. Batches are not part
/// of LSP, which sends one message per frame. Methods beginning with "$/"
/// are "protocol implementation dependent": a peer may send ones this model
/// does not list (typescript-language-server's $/typescriptVersion), the
/// other is free to ignore such a notification and answers such a request
/// with MethodNotFound (-32601). The ones modelled here ($/cancelRequest,
/// $/progress) are checked.
@jsonRpc(versions: ["2.0"], batches: false, optionalMethodPrefixes: ["$/"])
service LanguageServer {
    version: "3.18"
    operations: [
        Initialize
        Initialized
        Shutdown
        Exit
        DidOpenTextDocument
        DidChangeTextDocument
        DidCloseTextDocument
        Hover
        Completion
        Definition
        References
        DocumentSymbols
        PublishDiagnostics
        ShowMessage
        LogMessage
        CancelRequest
        Progress
        WorkDoneProgressCreate
        RegisterCapability
        WorkspaceConfiguration
        DidChangeConfiguration
    ]
    errors: [
        RequestCancelled
        ContentModified
        ServerCancelled
        RequestFailed
        ServerNotInitialized
        UnknownErrorCode
    ]
}

// ---- lifecycle ----

/// The first request from the client to the server.
@method(name: "initialize", kind: "call", from: "client")
operation Initialize {
    input: InitializeParams
    output: InitializeResult
}

structure InitializeParams {
    /// The process id of the parent process that started the server; null
    /// when it was not started by another process.
    @required
    @nullable
    processId: Integer

    clientInfo: ClientInfo

    locale: String

    /// Deprecated in favour of rootUri.
    @nullable
    rootPath: String

    /// Deprecated in favour of workspaceFolders.
    @required
    @nullable
    rootUri: String

    initializationOptions: Document

    @required
    capabilities: ClientCapabilities

    trace: TraceValue

    @nullable
    workspaceFolders: WorkspaceFolderList

    workDoneToken: ProgressToken
}

structure ClientInfo {
    @required
    name: String

    version: String
}

enum TraceValue {
    OFF = "off"
    MESSAGES = "messages"
    VERBOSE = "verbose"
}

list WorkspaceFolderList {
    member: WorkspaceFolder
}

structure WorkspaceFolder {
    @required
    uri: String

    @required
    name: String
}

/// The capabilities of the client: the groups LSP defines, each an object,
/// and any experimental or future group.
structure ClientCapabilities {
    workspace: JsonObject
    textDocument: JsonObject
    notebookDocument: JsonObject
    window: JsonObject
    general: JsonObject
    experimental: Document

    @jsonUnknown
    additional: JsonObject
}

structure InitializeResult {
    @required
    capabilities: ServerCapabilities

    serverInfo: ServerInfo
}

structure ServerInfo {
    @required
    name: String

    version: String
}

/// The capabilities of the server: the ones these methods use, and any
/// other (LSP has dozens, each a boolean or an options object).
structure ServerCapabilities {
    positionEncoding: String
    textDocumentSync: TextDocumentSync
    hoverProvider: BooleanOrOptions
    completionProvider: JsonObject
    definitionProvider: BooleanOrOptions
    referencesProvider: BooleanOrOptions
    experimental: Document

    @jsonUnknown
    additional: JsonObject
}

/// A sync kind (0 none, 1 full, 2 incremental) or the sync options.
@untagged
union TextDocumentSync {
    kind: TextDocumentSyncKind
    options: JsonObject
}

@range(min: 0, max: 2)
integer TextDocumentSyncKind

@untagged
union BooleanOrOptions {
    boolean: Boolean
    options: JsonObject
}

/// Sent by the client once it received the initialize result.
@method(name: "initialized", kind: "notification", from: "client")
operation Initialized {
    input: InitializedParams
}

structure InitializedParams {}

/// Asks the server to shut down, but not to exit; the result is null.
@method(name: "shutdown", kind: "call", from: "client", nullResult: true)
operation Shutdown {
    input: NoParams
    output: NoResult
}

/// Asks the server to exit its process.
@method(name: "exit", kind: "notification", from: "client")
operation Exit {
    input: NoParams
}

structure NoParams {}

structure NoResult {}

// ---- text synchronization ----

@method(name: "textDocument/didOpen", kind: "notification", from: "client")
operation DidOpenTextDocument {
    input := {
        @required
        textDocument: TextDocumentItem
    }
}

structure TextDocumentItem {
    @required
    uri: String

    @required
    languageId: String

    @required
    version: Integer

    @required
    text: String
}

@method(name: "textDocument/didChange", kind: "notification", from: "client")
operation DidChangeTextDocument {
    input := {
        @required
        textDocument: VersionedTextDocumentIdentifier

        @required
        contentChanges: ContentChangeList
    }
}

structure VersionedTextDocumentIdentifier {
    @required
    uri: String

    @required
    version: Integer
}

list ContentChangeList {
    member: TextDocumentContentChangeEvent
}

/// A change of a range (incremental) or of the whole document.
@untagged
union TextDocumentContentChangeEvent {
    partial: TextDocumentContentChangePartial
    whole: TextDocumentContentChangeWholeDocument
}

structure TextDocumentContentChangePartial {
    @required
    range: Range

    rangeLength: Uinteger

    @required
    text: String
}

structure TextDocumentContentChangeWholeDocument {
    @required
    text: String
}

@method(name: "textDocument/didClose", kind: "notification", from: "client")
operation DidCloseTextDocument {
    input := {
        @required
        textDocument: TextDocumentIdentifier
    }
}

structure TextDocumentIdentifier {
    @required
    uri: String
}

// ---- language features ----

/// Hover information at a position; the result is a Hover or null.
@method(name: "textDocument/hover", kind: "call", from: "client", resultMember: "hover")
operation Hover {
    input: TextDocumentPositionParams
    output := {
        hover: HoverResult
    }
}

structure TextDocumentPositionParams {
    @required
    textDocument: TextDocumentIdentifier

    @required
    position: Position

    workDoneToken: ProgressToken
}

structure HoverResult {
    @required
    contents: HoverContents

    range: Range
}

/// MarkupContent, a MarkedString, or a list of MarkedStrings.
@untagged
union HoverContents {
    markup: MarkupContent
    marked: MarkedString
    list: MarkedStringList
}

structure MarkupContent {
    @required
    kind: MarkupKind

    @required
    value: String
}

enum MarkupKind {
    PLAINTEXT = "plaintext"
    MARKDOWN = "markdown"
}

/// A string (markdown) or a code block with its language (deprecated).
@untagged
union MarkedString {
    string: String
    code: MarkedCode
}

structure MarkedCode {
    @required
    language: String

    @required
    value: String
}

list MarkedStringList {
    member: MarkedString
}

/// Completion items at a position: a list of items, a CompletionList, or
/// null.
@method(name: "textDocument/completion", kind: "call", from: "client", resultMember: "completion")
operation Completion {
    input: CompletionParams
    output := {
        completion: CompletionResult
    }
}

structure CompletionParams {
    @required
    textDocument: TextDocumentIdentifier

    @required
    position: Position

    context: CompletionContext

    workDoneToken: ProgressToken

    partialResultToken: ProgressToken
}

structure CompletionContext {
    @required
    @range(min: 1, max: 3)
    triggerKind: Integer

    triggerCharacter: String
}

@untagged
union CompletionResult {
    items: CompletionItemList
    list: CompletionList
}

structure CompletionList {
    @required
    isIncomplete: Boolean

    itemDefaults: JsonObject

    @required
    items: CompletionItemList
}

list CompletionItemList {
    member: CompletionItem
}

/// A completion item: the members LSP defines are checked where listed,
/// the rest are accepted as they come.
structure CompletionItem {
    @required
    label: String

    @range(min: 1, max: 25)
    kind: Integer

    detail: String
    documentation: Documentation
    sortText: String
    filterText: String
    insertText: String

    @range(min: 1, max: 2)
    insertTextFormat: Integer

    textEdit: Document
    data: Document

    @jsonUnknown
    additional: JsonObject
}

@untagged
union Documentation {
    string: String
    markup: MarkupContent
}

/// The definition of the symbol at a position: a Location, a list of
/// Locations or LocationLinks, or null.
@method(name: "textDocument/definition", kind: "call", from: "client", resultMember: "definition")
operation Definition {
    input: TextDocumentPositionParams
    output := {
        definition: DefinitionResult
    }
}

@untagged
union DefinitionResult {
    location: Location
    locations: LocationList
    links: LocationLinkList
}

structure Location {
    @required
    uri: String

    @required
    range: Range
}

list LocationList {
    member: Location
}

structure LocationLink {
    originSelectionRange: Range

    @required
    targetUri: String

    @required
    targetRange: Range

    @required
    targetSelectionRange: Range
}

list LocationLinkList {
    member: LocationLink
}

/// The references to the symbol at a position: a list of Locations or
/// null.
@method(name: "textDocument/references", kind: "call", from: "client", resultMember: "locations")
operation References {
    input := {
        @required
        textDocument: TextDocumentIdentifier

        @required
        position: Position

        @required
        context: ReferenceContext

        workDoneToken: ProgressToken

        partialResultToken: ProgressToken
    }
    output := {
        locations: LocationList
    }
}

structure ReferenceContext {
    @required
    includeDeclaration: Boolean
}

/// The symbols of a text document: a hierarchy of DocumentSymbols, a flat
/// list of SymbolInformations (each with its location), or null.
@method(name: "textDocument/documentSymbol", kind: "call", from: "client", resultMember: "symbols")
operation DocumentSymbols {
    input := {
        @required
        textDocument: TextDocumentIdentifier

        workDoneToken: ProgressToken

        partialResultToken: ProgressToken
    }
    output := {
        symbols: DocumentSymbolResult
    }
}

@untagged
union DocumentSymbolResult {
    information: SymbolInformationList
    symbols: DocumentSymbolList
}

list SymbolInformationList {
    member: SymbolInformation
}

/// A symbol with its location (the flat form).
structure SymbolInformation {
    @required
    name: String

    @required
    kind: SymbolKind

    tags: SymbolTagList

    /// Deprecated in favour of tags.
    deprecated: Boolean

    @required
    location: Location

    containerName: String
}

list DocumentSymbolList {
    member: DocumentSymbol
}

/// A symbol with the range it spans and its children (the hierarchical
/// form).
structure DocumentSymbol {
    @required
    name: String

    detail: String

    @required
    kind: SymbolKind

    tags: SymbolTagList

    /// Deprecated in favour of tags.
    deprecated: Boolean

    @required
    range: Range

    @required
    selectionRange: Range

    children: DocumentSymbolList
}

/// SymbolKind: File (1) to TypeParameter (26).
@range(min: 1, max: 26)
integer SymbolKind

list SymbolTagList {
    member: SymbolTag
}

/// SymbolTag: Deprecated (1).
@range(min: 1, max: 1)
integer SymbolTag

// ---- diagnostics and window messages ----

@method(name: "textDocument/publishDiagnostics", kind: "notification", from: "server")
operation PublishDiagnostics {
    input := {
        @required
        uri: String

        version: Integer

        @required
        diagnostics: DiagnosticList
    }
}

list DiagnosticList {
    member: Diagnostic
}

structure Diagnostic {
    @required
    range: Range

    @range(min: 1, max: 4)
    severity: Integer

    code: IntegerOrString
    codeDescription: CodeDescription
    source: String

    @required
    message: String

    tags: DiagnosticTagList
    relatedInformation: DiagnosticRelatedInformationList
    data: Document
}

structure CodeDescription {
    @required
    href: String
}

list DiagnosticTagList {
    member: DiagnosticTag
}

@range(min: 1, max: 2)
integer DiagnosticTag

list DiagnosticRelatedInformationList {
    member: DiagnosticRelatedInformation
}

structure DiagnosticRelatedInformation {
    @required
    location: Location

    @required
    message: String
}

@method(name: "window/showMessage", kind: "notification", from: "server")
operation ShowMessage {
    input: MessageParams
}

@method(name: "window/logMessage", kind: "notification", from: "server")
operation LogMessage {
    input: MessageParams
}

structure MessageParams {
    @required
    type: MessageType

    @required
    message: String
}

/// 1 error, 2 warning, 3 info, 4 log, 5 debug.
@range(min: 1, max: 5)
integer MessageType

// ---- cancellation and progress ----

/// Cancels a request the sender made earlier; LSP requires the request to
/// be answered anyway (with its result, or the error -32800).
@method(name: "$/cancelRequest", kind: "notification")
@cancels(idMember: "id", response: "required")
operation CancelRequest {
    input := {
        @required
        id: IntegerOrString
    }
}

@method(name: "$/progress", kind: "notification")
operation Progress {
    input := {
        @required
        token: ProgressToken

        @required
        value: Document
    }
}

@method(name: "window/workDoneProgress/create", kind: "call", from: "server", nullResult: true)
operation WorkDoneProgressCreate {
    input := {
        @required
        token: ProgressToken
    }
    output: NoResult
}

@method(name: "client/registerCapability", kind: "call", from: "server", nullResult: true)
operation RegisterCapability {
    input := {
        @required
        registrations: RegistrationList
    }
    output: NoResult
}

list RegistrationList {
    member: Registration
}

structure Registration {
    @required
    id: String

    @required
    method: String

    registerOptions: Document
}

/// The client's settings changed; settings are the client's own (LSPAny,
/// null included).
@method(name: "workspace/didChangeConfiguration", kind: "notification", from: "client")
operation DidChangeConfiguration {
    input := {
        @required
        @nullable
        settings: Document
    }
}

/// The server asks the client for configuration settings; the result has
/// one entry (any JSON value) per requested item.
@method(name: "workspace/configuration", kind: "call", from: "server", resultMember: "settings")
operation WorkspaceConfiguration {
    input := {
        @required
        items: ConfigurationItemList
    }
    output := {
        @required
        settings: DocumentList
    }
}

list ConfigurationItemList {
    member: ConfigurationItem
}

structure ConfigurationItem {
    scopeUri: String
    section: String
}

@sparse
list DocumentList {
    member: Document
}

// ---- common structures ----

structure Position {
    @required
    line: Uinteger

    @required
    character: Uinteger
}

structure Range {
    @required
    start: Position

    @required
    end: Position
}

/// An unsigned integer in LSP's range, 0 to 2^31 - 1.
@range(min: 0, max: 2147483647)
integer Uinteger

@untagged
union IntegerOrString {
    integer: Integer
    string: String
}

@untagged
union ProgressToken {
    integer: Integer
    string: String
}

map JsonObject {
    key: String
    value: Document
}

// ---- errors ----

/// The request was cancelled ($/cancelRequest). -32800..-32803 lie in LSP's
/// own block, below JSON-RPC's reserved range: plain application codes.
@error("client")
@rpcError(code: -32800, dataMember: "data")
structure RequestCancelled {
    @required
    message: String

    data: Document
}

/// The document changed so that the result is no longer valid.
@error("client")
@rpcError(code: -32801, dataMember: "data")
structure ContentModified {
    @required
    message: String

    data: Document
}

/// The server cancelled the request.
@error("server")
@rpcError(code: -32802, dataMember: "data")
structure ServerCancelled {
    @required
    message: String

    data: Document
}

/// A request failed although its parameters were valid.
@error("server")
@rpcError(code: -32803, dataMember: "data")
structure RequestFailed {
    @required
    message: String

    data: Document
}

/// A request before initialize (-32002, inside JSON-RPC's reserved range,
/// defined by LSP).
@error("client")
@rpcError(code: -32002, reservedRange: true, dataMember: "data")
structure ServerNotInitialized {
    @required
    message: String

    data: Document
}

/// -32001, inside JSON-RPC's reserved range, defined by LSP.
@error("server")
@rpcError(code: -32001, reservedRange: true, dataMember: "data")
structure UnknownErrorCode {
    @required
    message: String

    data: Document
}
