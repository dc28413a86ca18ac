$version: "2"

// The Model Context Protocol, version 2025-11-25, as a Smithy service served
// over JSON-RPC 2.0: every request and notification of the protocol's schema
// (../../../shared/corpus/mcp/schema-2025-11-25.json), each method with the
// peer that sends it. Written from that schema; its descriptions are kept as
// documentation (first paragraph). See ../README.md for how each protocol
// rule maps to a trait.
namespace io.modelcontextprotocol

use alloy#discriminated
use alloy#jsonUnknown
use alloy#nullable
use alloy#untagged
use smithy.rpc#cancels
use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

/// MCP: JSON-RPC 2.0 without batches (removed in 2025-06-18), ids never
/// null and never reused by a peer within a session.
@jsonRpc(versions: ["2.0"], batches: false, nullIds: "reject", idReuse: "reject")
service Mcp {
    version: "2025-11-25"
    operations: [
        CallTool
        CancelTask
        CancelledNotification
        Complete
        CreateMessage
        Elicit
        ElicitationCompleteNotification
        GetPrompt
        GetTaskPayload
        GetTask
        Initialize
        InitializedNotification
        ListPrompts
        ListResourceTemplates
        ListResources
        ListRoots
        ListTasks
        ListTools
        LoggingMessageNotification
        Ping
        ProgressNotification
        PromptListChangedNotification
        ReadResource
        ResourceListChangedNotification
        ResourceUpdatedNotification
        RootsListChangedNotification
        SetLevel
        Subscribe
        TaskStatusNotification
        ToolListChangedNotification
        Unsubscribe
    ]
    errors: [
        URLElicitationRequired
    ]
}

/// `_meta` of a request's params: the progress token, the related task,
/// and any further key (MCP reserves some prefixes, but any key is allowed).
structure RequestMeta {
    /// If specified, the caller is requesting out-of-band progress
    /// notifications for this request.
    progressToken: ProgressToken

    /// The task this message is associated with.
    @jsonName("io.modelcontextprotocol/related-task")
    relatedTask: RelatedTaskMetadata

    /// Any further key.
    @jsonUnknown
    additional: JsonObject
}

/// `_meta` everywhere else: the related task and any further key.
structure Meta {
    /// The task this message is associated with.
    @jsonName("io.modelcontextprotocol/related-task")
    relatedTask: RelatedTaskMetadata

    /// Any further key.
    @jsonUnknown
    additional: JsonObject
}

/// Any JSON object.
map JsonObject {
    key: String
    value: Document
}

/// The error a server answers with when a request needs the user to
/// complete URL-mode elicitations first: a code inside JSON-RPC's reserved
/// range that MCP itself defines.
@error("client")
@rpcError(code: -32042, reservedRange: true, dataMember: "data")
structure URLElicitationRequired {
    @required
    message: String

    @required
    data: URLElicitationRequiredData
}

structure URLElicitationRequiredData {
    @required
    elicitations: ElicitRequestURLParamsList

    @jsonUnknown
    additional: JsonObject
}

list ElicitRequestURLParamsList {
    member: ElicitRequestURLParams
}

/// The user rejected a sampling request: the code the specification's
/// sampling page shows (-1), which the schema does not list.
@error("client")
@rpcError(code: -1, dataMember: "data")
structure SamplingRejected {
    @required
    message: String

    data: Document
}

/// The resource a `resources/read` names does not exist (-32002, which MCP
/// defines inside JSON-RPC's reserved range); `data` carries its URI.
@error("client")
@rpcError(code: -32002, reservedRange: true, dataMember: "data")
structure ResourceNotFound {
    @required
    message: String

    @required
    data: ResourceNotFoundData
}

structure ResourceNotFoundData {
    @required
    uri: String

    @jsonUnknown
    additional: JsonObject
}


/// Used by the client to invoke a tool provided by the server.
@method(name: "tools/call", kind: "call", from: "client", resultMember: "outcome")
operation CallTool {
    input: CallToolRequestParams
    output: CallToolOutput
}

/// A request to cancel a task.
@method(name: "tasks/cancel", kind: "call", from: "either")
operation CancelTask {
    input: CancelTaskRequestParams
    output: CancelTaskResult
}

/// This notification can be sent by either side to indicate that it is cancelling a
/// previously-issued request.
@method(name: "notifications/cancelled", kind: "notification", from: "either")
@cancels(idMember: "requestId", response: "optional")
operation CancelledNotification {
    input: CancelledNotificationParams
}

/// A request from the client to the server, to ask for completion options.
@method(name: "completion/complete", kind: "call", from: "client")
operation Complete {
    input: CompleteRequestParams
    output: CompleteResult
}

/// A request from the server to sample an LLM via the client. The client has full discretion over
/// which model to select. The client should also inform the user before beginning sampling, to
/// allow them to inspect the request (human in the loop) and decide whether to approve it.
@method(name: "sampling/createMessage", kind: "call", from: "server", resultMember: "outcome")
operation CreateMessage {
    input: CreateMessageRequestParams
    output: CreateMessageOutput
    errors: [SamplingRejected]
}

/// A request from the server to elicit additional information from the user via the client.
@method(name: "elicitation/create", kind: "call", from: "server", resultMember: "outcome")
operation Elicit {
    input: ElicitRequestParams
    output: ElicitOutput
}

/// An optional notification from the server to the client, informing it of a completion of a
/// out-of-band elicitation request.
@method(name: "notifications/elicitation/complete", kind: "notification", from: "server")
operation ElicitationCompleteNotification {
    input: ElicitationCompleteNotificationParams
}

/// Used by the client to get a prompt provided by the server.
@method(name: "prompts/get", kind: "call", from: "client")
operation GetPrompt {
    input: GetPromptRequestParams
    output: GetPromptResult
}

/// A request to retrieve the result of a completed task.
@method(name: "tasks/result", kind: "call", from: "either")
operation GetTaskPayload {
    input: GetTaskPayloadRequestParams
    output: GetTaskPayloadResult
}

/// A request to retrieve the state of a task.
@method(name: "tasks/get", kind: "call", from: "either")
operation GetTask {
    input: GetTaskRequestParams
    output: GetTaskResult
}

/// This request is sent from the client to the server when it first connects, asking it to begin
/// initialization.
@method(name: "initialize", kind: "call", from: "client")
operation Initialize {
    input: InitializeRequestParams
    output: InitializeResult
}

/// This notification is sent from the client to the server after initialization has finished.
@method(name: "notifications/initialized", kind: "notification", from: "client")
operation InitializedNotification {
    input: NotificationParams
}

/// Sent from the client to request a list of prompts and prompt templates the server has.
@method(name: "prompts/list", kind: "call", from: "client")
operation ListPrompts {
    input: PaginatedRequestParams
    output: ListPromptsResult
}

/// Sent from the client to request a list of resource templates the server has.
@method(name: "resources/templates/list", kind: "call", from: "client")
operation ListResourceTemplates {
    input: PaginatedRequestParams
    output: ListResourceTemplatesResult
}

/// Sent from the client to request a list of resources the server has.
@method(name: "resources/list", kind: "call", from: "client")
operation ListResources {
    input: PaginatedRequestParams
    output: ListResourcesResult
}

/// Sent from the server to request a list of root URIs from the client. Roots allow servers to ask
/// for specific directories or files to operate on. A common example for roots is providing a set
/// of repositories or directories a server should operate on.
@method(name: "roots/list", kind: "call", from: "server")
operation ListRoots {
    input: RequestParams
    output: ListRootsResult
}

/// A request to retrieve a list of tasks.
@method(name: "tasks/list", kind: "call", from: "either")
operation ListTasks {
    input: PaginatedRequestParams
    output: ListTasksResult
}

/// Sent from the client to request a list of tools the server has.
@method(name: "tools/list", kind: "call", from: "client")
operation ListTools {
    input: PaginatedRequestParams
    output: ListToolsResult
}

/// JSONRPCNotification of a log message passed from server to client. If no logging/setLevel
/// request has been sent from the client, the server MAY decide which messages to send
/// automatically.
@method(name: "notifications/message", kind: "notification", from: "server")
operation LoggingMessageNotification {
    input: LoggingMessageNotificationParams
}

/// A ping, issued by either the server or the client, to check that the other party is still alive.
/// The receiver must promptly respond, or else may be disconnected.
@method(name: "ping", kind: "call", from: "either")
operation Ping {
    input: RequestParams
    output: Result
}

/// An out-of-band notification used to inform the receiver of a progress update for a long-running
/// request.
@method(name: "notifications/progress", kind: "notification", from: "either")
operation ProgressNotification {
    input: ProgressNotificationParams
}

/// An optional notification from the server to the client, informing it that the list of prompts it
/// offers has changed. This may be issued by servers without any previous subscription from the
/// client.
@method(name: "notifications/prompts/list_changed", kind: "notification", from: "server")
operation PromptListChangedNotification {
    input: NotificationParams
}

/// Sent from the client to the server, to read a specific resource URI.
@method(name: "resources/read", kind: "call", from: "client")
operation ReadResource {
    input: ReadResourceRequestParams
    output: ReadResourceResult
    errors: [ResourceNotFound]
}

/// An optional notification from the server to the client, informing it that the list of resources
/// it can read from has changed. This may be issued by servers without any previous subscription
/// from the client.
@method(name: "notifications/resources/list_changed", kind: "notification", from: "server")
operation ResourceListChangedNotification {
    input: NotificationParams
}

/// A notification from the server to the client, informing it that a resource has changed and may
/// need to be read again. This should only be sent if the client previously sent a
/// resources/subscribe request.
@method(name: "notifications/resources/updated", kind: "notification", from: "server")
operation ResourceUpdatedNotification {
    input: ResourceUpdatedNotificationParams
}

/// A notification from the client to the server, informing it that the list of roots has changed.
/// This notification should be sent whenever the client adds, removes, or modifies any root. The
/// server should then request an updated list of roots using the ListRootsRequest.
@method(name: "notifications/roots/list_changed", kind: "notification", from: "client")
operation RootsListChangedNotification {
    input: NotificationParams
}

/// A request from the client to the server, to enable or adjust logging.
@method(name: "logging/setLevel", kind: "call", from: "client")
operation SetLevel {
    input: SetLevelRequestParams
    output: Result
}

/// Sent from the client to request resources/updated notifications from the server whenever a
/// particular resource changes.
@method(name: "resources/subscribe", kind: "call", from: "client")
operation Subscribe {
    input: SubscribeRequestParams
    output: Result
}

/// An optional notification from the receiver to the requestor, informing them that a task's status
/// has changed. Receivers are not required to send these notifications.
@method(name: "notifications/tasks/status", kind: "notification", from: "either")
operation TaskStatusNotification {
    input: TaskStatusNotificationParams
}

/// An optional notification from the server to the client, informing it that the list of tools it
/// offers has changed. This may be issued by servers without any previous subscription from the
/// client.
@method(name: "notifications/tools/list_changed", kind: "notification", from: "server")
operation ToolListChangedNotification {
    input: NotificationParams
}

/// Sent from the client to request cancellation of resources/updated notifications from the server.
/// This should follow a previous resources/subscribe request.
@method(name: "resources/unsubscribe", kind: "call", from: "client")
operation Unsubscribe {
    input: UnsubscribeRequestParams
    output: Result
}

/// Metadata for associating messages with a task. Include this in the `_meta` field under the key
/// `io.modelcontextprotocol/related-task`.
structure RelatedTaskMetadata {
    /// The task identifier this message is associated with.
    @required
    taskId: String
}

/// The elicitation mode.
enum ElicitRequestURLParamsMode {
    URL = "url"
}

/// Metadata for augmenting a request with task execution. Include this in the `task` field of the
/// request parameters.
structure TaskMetadata {
    /// Requested duration in milliseconds to retain task from creation.
    ttl: Long
}

/// The parameters for a request to elicit information from the user via a URL in the client.
structure ElicitRequestURLParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The ID of the elicitation, which must be unique within the context of the server. The client
    /// MUST treat this ID as an opaque value.
    @required
    elicitationId: String

    /// The message to present to the user explaining why the interaction is needed.
    @required
    message: String

    /// The elicitation mode.
    @required
    mode: ElicitRequestURLParamsMode

    /// If specified, the caller is requesting task-augmented execution for this request. The
    /// request will return a CreateTaskResult immediately, and the actual result can be retrieved
    /// later via tasks/result.
    task: TaskMetadata

    /// The URL that the user should navigate to.
    @required
    url: String
}

/// Parameters for a `tools/call` request.
structure CallToolRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// Arguments to use for the tool call.
    arguments: JsonObject

    /// The name of the tool.
    @required
    name: String

    /// If specified, the caller is requesting task-augmented execution for this request. The
    /// request will return a CreateTaskResult immediately, and the actual result can be retrieved
    /// later via tasks/result.
    task: TaskMetadata
}

/// The sender or recipient of messages and data in a conversation.
enum Role {
    ASSISTANT = "assistant"
    USER = "user"
}

list RoleList {
    member: Role
}

/// Optional annotations for the client. The client can use annotations to inform how objects are
/// used or displayed
structure Annotations {
    /// Describes who the intended audience of this object or data is.
    audience: RoleList

    /// The moment the resource was last modified, as an ISO 8601 formatted string.
    lastModified: String

    /// Describes how important this data is for operating the server.
    @range(min: 0, max: 1)
    priority: Double
}

/// Text provided to or from an LLM.
structure TextContent {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    /// The text content of the message.
    @required
    text: String
}

/// An image provided to or from an LLM.
structure ImageContent {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    /// The base64-encoded image data.
    @required
    data: String

    /// The MIME type of the image. Different providers may support different image types.
    @required
    mimeType: String
}

/// Audio provided to or from an LLM.
structure AudioContent {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    /// The base64-encoded audio data.
    @required
    data: String

    /// The MIME type of the audio. Different providers may support different audio types.
    @required
    mimeType: String
}

list StringList {
    member: String
}

/// Optional specifier for the theme this icon is designed for. `light` indicates the icon is
/// designed to be used with a light background, and `dark` indicates the icon is designed to be
/// used with a dark background.
enum IconTheme {
    DARK = "dark"
    LIGHT = "light"
}

/// An optionally-sized icon that can be displayed in a user interface.
structure Icon {
    /// Optional MIME type override if the source MIME type is missing or generic. For example:
    /// `"image/png"`, `"image/jpeg"`, or `"image/svg+xml"`.
    mimeType: String

    /// Optional array of strings that specify sizes at which the icon can be used. Each string
    /// should be in WxH format (e.g., `"48x48"`, `"96x96"`) or `"any"` for scalable formats like
    /// SVG.
    sizes: StringList

    /// A standard URI pointing to an icon resource. May be an HTTP/HTTPS URL or a `data:` URI with
    /// Base64-encoded image data.
    @required
    src: String

    /// Optional specifier for the theme this icon is designed for. `light` indicates the icon is
    /// designed to be used with a light background, and `dark` indicates the icon is designed to be
    /// used with a dark background.
    theme: IconTheme
}

list IconList {
    member: Icon
}

/// A resource that the server is capable of reading, included in a prompt or tool call result.
structure ResourceLink {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    /// A description of what this resource represents.
    description: String

    /// Optional set of sized icons that the client can display in a user interface.
    icons: IconList

    /// The MIME type of this resource, if known.
    mimeType: String

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// The size of the raw resource content, in bytes (i.e., before base64 encoding or any
    /// tokenization), if known.
    size: Long

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String

    /// The URI of this resource.
    @required
    uri: String
}

structure TextResourceContents {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// The MIME type of this resource, if known.
    mimeType: String

    /// The text of the item. This must only be set if the item can actually be represented as text
    /// (not binary data).
    @required
    text: String

    /// The URI of this resource.
    @required
    uri: String
}

structure BlobResourceContents {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// A base64-encoded string representing the binary data of the item.
    @required
    blob: String

    /// The MIME type of this resource, if known.
    mimeType: String

    /// The URI of this resource.
    @required
    uri: String
}

@untagged
union EmbeddedResourceResource {
    textResourceContents: TextResourceContents

    blobResourceContents: BlobResourceContents
}

/// The contents of a resource, embedded into a prompt or tool call result.
structure EmbeddedResource {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    @required
    resource: EmbeddedResourceResource
}

@discriminated("type")
union ContentBlock {
    text: TextContent

    image: ImageContent

    audio: AudioContent

    resource_link: ResourceLink

    resource: EmbeddedResource
}

list ContentBlockList {
    member: ContentBlock
}

/// The server's response to a tool call.
structure CallToolResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// A list of content objects that represent the unstructured result of the tool call.
    @required
    content: ContentBlockList

    /// Whether the tool call ended in an error.
    isError: Boolean

    /// An optional JSON object that represents the structured result of the tool call.
    structuredContent: JsonObject
}

/// The status of a task.
enum TaskStatus {
    CANCELLED = "cancelled"
    COMPLETED = "completed"
    FAILED = "failed"
    INPUT_REQUIRED = "input_required"
    WORKING = "working"
}

/// Data associated with a task.
structure Task {
    /// ISO 8601 timestamp when the task was created.
    @required
    createdAt: String

    /// ISO 8601 timestamp when the task was last updated.
    @required
    lastUpdatedAt: String

    /// Suggested polling interval in milliseconds.
    pollInterval: Long

    /// Current task state.
    @required
    status: TaskStatus

    /// Optional human-readable message describing the current task state. This can provide context
    /// for any status, including: - Reasons for "cancelled" status - Summaries for "completed"
    /// status - Diagnostic information for "failed" status (e.g., error details, what went wrong)
    statusMessage: String

    /// The task identifier.
    @required
    taskId: String

    /// Actual retention duration from creation in milliseconds, null for unlimited.
    @required
    @nullable
    ttl: Long
}

/// A response to a task-augmented request.
structure CreateTaskResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    task: Task
}

/// The result of `tools/call`: its own result, or a task when the request was task-augmented.
@untagged
union CallToolOutcome {
    result: CallToolResult

    task: CreateTaskResult
}

structure CallToolOutput {
    @required
    outcome: CallToolOutcome
}

structure CancelTaskRequestParams {
    /// The task identifier to cancel.
    @required
    taskId: String
}

/// The response to a tasks/cancel request.
structure CancelTaskResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// ISO 8601 timestamp when the task was created.
    @required
    createdAt: String

    /// ISO 8601 timestamp when the task was last updated.
    @required
    lastUpdatedAt: String

    /// Suggested polling interval in milliseconds.
    pollInterval: Long

    /// Current task state.
    @required
    status: TaskStatus

    /// Optional human-readable message describing the current task state. This can provide context
    /// for any status, including: - Reasons for "cancelled" status - Summaries for "completed"
    /// status - Diagnostic information for "failed" status (e.g., error details, what went wrong)
    statusMessage: String

    /// The task identifier.
    @required
    taskId: String

    /// Actual retention duration from creation in milliseconds, null for unlimited.
    @required
    @nullable
    ttl: Long

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

/// A uniquely identifying ID for a request in JSON-RPC.
@untagged
union RequestId {
    string: String
    integer: Long
}

/// Parameters for a `notifications/cancelled` notification.
structure CancelledNotificationParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An optional string describing the reason for the cancellation. This MAY be logged or
    /// presented to the user.
    reason: String

    /// The ID of the request to cancel.
    requestId: RequestId
}

/// The argument's information
structure CompleteRequestParamsArgument {
    /// The name of the argument
    @required
    name: String

    /// The value of the argument to use for completion matching.
    @required
    value: String
}

map CompleteRequestParamsContextArgumentsMap {
    key: String
    value: String
}

/// Additional, optional context for completions
structure CompleteRequestParamsContext {
    /// Previously-resolved variables in a URI template or prompt.
    arguments: CompleteRequestParamsContextArgumentsMap
}

/// Identifies a prompt.
structure PromptReference {
    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String
}

/// A reference to a resource or resource template definition.
structure ResourceTemplateReference {
    /// The URI or URI template of the resource.
    @required
    uri: String
}

@discriminated("type")
union CompleteRequestParamsRef {
    @jsonName("ref/prompt")
    prompt: PromptReference

    @jsonName("ref/resource")
    resource: ResourceTemplateReference
}

/// Parameters for a `completion/complete` request.
structure CompleteRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The argument's information
    @required
    argument: CompleteRequestParamsArgument

    /// Additional, optional context for completions
    context: CompleteRequestParamsContext

    @required
    ref: CompleteRequestParamsRef
}

structure CompleteResultCompletion {
    /// Indicates whether there are additional completion options beyond those provided in the
    /// current response, even if the exact total is unknown.
    hasMore: Boolean

    /// The total number of completion options available. This can exceed the number of values
    /// actually sent in the response.
    total: Long

    /// An array of completion values. Must not exceed 100 items.
    @required
    values: StringList
}

/// The server's response to a completion/complete request
structure CompleteResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    completion: CompleteResultCompletion
}

/// A request to include context from one or more MCP servers (including the caller), to be attached
/// to the prompt. The client MAY ignore this request.
enum CreateMessageRequestParamsIncludecontext {
    ALLSERVERS = "allServers"
    NONE = "none"
    THISSERVER = "thisServer"
}

/// A request from the assistant to call a tool.
structure ToolUseContent {
    /// Optional metadata about the tool use. Clients SHOULD preserve this field when including tool
    /// uses in subsequent sampling requests to enable caching optimizations.
    _meta: Meta

    /// A unique identifier for this tool use.
    @required
    id: String

    /// The arguments to pass to the tool, conforming to the tool's input schema.
    @required
    input: JsonObject

    /// The name of the tool to call.
    @required
    name: String
}

/// The result of a tool use, provided by the user back to the assistant.
structure ToolResultContent {
    /// Optional metadata about the tool result. Clients SHOULD preserve this field when including
    /// tool results in subsequent sampling requests to enable caching optimizations.
    _meta: Meta

    /// The unstructured result content of the tool use.
    @required
    content: ContentBlockList

    /// Whether the tool use resulted in an error.
    isError: Boolean

    /// An optional structured result object.
    structuredContent: JsonObject

    /// The ID of the tool use this result corresponds to.
    @required
    toolUseId: String
}

@discriminated("type")
union SamplingMessageContentBlock {
    text: TextContent

    image: ImageContent

    audio: AudioContent

    tool_use: ToolUseContent

    tool_result: ToolResultContent
}

list SamplingMessageContentBlockList {
    member: SamplingMessageContentBlock
}

/// One content block, or several.
@untagged
union SamplingContent {
    single: SamplingMessageContentBlock

    list: SamplingMessageContentBlockList
}

/// Describes a message issued to or received from an LLM API.
structure SamplingMessage {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    content: SamplingContent

    @required
    role: Role
}

list SamplingMessageList {
    member: SamplingMessage
}

/// Hints to use for model selection.
structure ModelHint {
    /// A hint for a model name.
    name: String
}

list ModelHintList {
    member: ModelHint
}

/// The server's preferences for model selection, requested of the client during sampling.
structure ModelPreferences {
    /// How much to prioritize cost when selecting a model. A value of 0 means cost is not
    /// important, while a value of 1 means cost is the most important factor.
    @range(min: 0, max: 1)
    costPriority: Double

    /// Optional hints to use for model selection.
    hints: ModelHintList

    /// How much to prioritize intelligence and capabilities when selecting a model. A value of 0
    /// means intelligence is not important, while a value of 1 means intelligence is the most
    /// important factor.
    @range(min: 0, max: 1)
    intelligencePriority: Double

    /// How much to prioritize sampling speed (latency) when selecting a model. A value of 0 means
    /// speed is not important, while a value of 1 means speed is the most important factor.
    @range(min: 0, max: 1)
    speedPriority: Double
}

/// Controls the tool use ability of the model: - "auto": Model decides whether to use tools
/// (default) - "required": Model MUST use at least one tool before completing - "none": Model MUST
/// NOT use any tools
enum ToolChoiceMode {
    AUTO = "auto"
    NONE = "none"
    REQUIRED = "required"
}

/// Controls tool selection behavior for sampling requests.
structure ToolChoice {
    /// Controls the tool use ability of the model: - "auto": Model decides whether to use tools
    /// (default) - "required": Model MUST use at least one tool before completing - "none": Model
    /// MUST NOT use any tools
    mode: ToolChoiceMode
}

/// Additional properties describing a Tool to clients.
structure ToolAnnotations {
    /// If true, the tool may perform destructive updates to its environment. If false, the tool
    /// performs only additive updates.
    destructiveHint: Boolean

    /// If true, calling the tool repeatedly with the same arguments will have no additional effect
    /// on its environment.
    idempotentHint: Boolean

    /// If true, this tool may interact with an "open world" of external entities. If false, the
    /// tool's domain of interaction is closed. For example, the world of a web search tool is open,
    /// whereas that of a memory tool is not.
    openWorldHint: Boolean

    /// If true, the tool does not modify its environment.
    readOnlyHint: Boolean

    /// A human-readable title for the tool.
    title: String
}

/// Indicates whether this tool supports task-augmented execution. This allows clients to handle
/// long-running operations through polling the task system.
enum ToolExecutionTasksupport {
    FORBIDDEN = "forbidden"
    OPTIONAL = "optional"
    REQUIRED = "required"
}

/// Execution-related properties for a tool.
structure ToolExecution {
    /// Indicates whether this tool supports task-augmented execution. This allows clients to handle
    /// long-running operations through polling the task system.
    taskSupport: ToolExecutionTasksupport
}

map ToolInputschemaPropertiesMap {
    key: String
    value: JsonObject
}

enum ToolInputschemaType {
    OBJECT = "object"
}

/// A JSON Schema object defining the expected parameters for the tool.
structure ToolInputschema {
    @jsonName("$schema")
    schema: String

    properties: ToolInputschemaPropertiesMap

    required: StringList

    @required
    type: ToolInputschemaType

    /// Any other JSON Schema keyword (`additionalProperties`, `$defs`,
    /// ...): the MCP schema leaves the object open.
    @jsonUnknown
    keywords: JsonObject
}

map ToolOutputschemaPropertiesMap {
    key: String
    value: JsonObject
}

enum ToolOutputschemaType {
    OBJECT = "object"
}

/// An optional JSON Schema object defining the structure of the tool's output returned in the
/// structuredContent field of a CallToolResult.
structure ToolOutputschema {
    @jsonName("$schema")
    schema: String

    properties: ToolOutputschemaPropertiesMap

    required: StringList

    @required
    type: ToolOutputschemaType

    /// Any other JSON Schema keyword (`additionalProperties`, `$defs`,
    /// ...): the MCP schema leaves the object open.
    @jsonUnknown
    keywords: JsonObject
}

/// Definition for a tool the client can call.
structure Tool {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional additional tool information.
    annotations: ToolAnnotations

    /// A human-readable description of the tool.
    description: String

    /// Execution-related properties for this tool.
    execution: ToolExecution

    /// Optional set of sized icons that the client can display in a user interface.
    icons: IconList

    /// A JSON Schema object defining the expected parameters for the tool.
    @required
    inputSchema: ToolInputschema

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// An optional JSON Schema object defining the structure of the tool's output returned in the
    /// structuredContent field of a CallToolResult.
    outputSchema: ToolOutputschema

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String
}

list ToolList {
    member: Tool
}

/// Parameters for a `sampling/createMessage` request.
structure CreateMessageRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// A request to include context from one or more MCP servers (including the caller), to be
    /// attached to the prompt. The client MAY ignore this request.
    includeContext: CreateMessageRequestParamsIncludecontext

    /// The requested maximum number of tokens to sample (to prevent runaway completions).
    @required
    maxTokens: Long

    @required
    messages: SamplingMessageList

    /// Optional metadata to pass through to the LLM provider. The format of this metadata is
    /// provider-specific.
    metadata: JsonObject

    /// The server's preferences for which model to select. The client MAY ignore these preferences.
    modelPreferences: ModelPreferences

    stopSequences: StringList

    /// An optional system prompt the server wants to use for sampling. The client MAY modify or
    /// omit this prompt.
    systemPrompt: String

    /// If specified, the caller is requesting task-augmented execution for this request. The
    /// request will return a CreateTaskResult immediately, and the actual result can be retrieved
    /// later via tasks/result.
    task: TaskMetadata

    temperature: Double

    /// Controls how the model uses tools. The client MUST return an error if this field is provided
    /// but ClientCapabilities.sampling.tools is not declared. Default is `{ mode: "auto" }`.
    toolChoice: ToolChoice

    /// Tools that the model may use during generation. The client MUST return an error if this
    /// field is provided but ClientCapabilities.sampling.tools is not declared.
    tools: ToolList
}

/// The client's response to a sampling/createMessage request from the server. The client should
/// inform the user before returning the sampled message, to allow them to inspect the response
/// (human in the loop) and decide whether to allow the server to see it.
structure CreateMessageResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    content: SamplingContent

    /// The name of the model that generated the message.
    @required
    model: String

    @required
    role: Role

    /// The reason why sampling stopped, if known.
    stopReason: String
}

/// The result of `sampling/createMessage`: its own result, or a task when the request was task-augmented.
@untagged
union CreateMessageOutcome {
    result: CreateMessageResult

    task: CreateTaskResult
}

structure CreateMessageOutput {
    @required
    outcome: CreateMessageOutcome
}

/// The elicitation mode: "form" (the default) or "url".
enum ElicitRequestParamsMode {
    FORM = "form"
    URL = "url"
}

enum StringSchemaFormat {
    DATE = "date"
    DATE_TIME = "date-time"
    EMAIL = "email"
    URI = "uri"
}

enum StringSchemaType {
    STRING = "string"
}

structure StringSchema {
    default: String

    description: String

    format: StringSchemaFormat

    maxLength: Long

    minLength: Long

    title: String

    @required
    type: StringSchemaType
}

enum NumberSchemaType {
    INTEGER = "integer"
    NUMBER = "number"
}

structure NumberSchema {
    default: Double

    description: String

    maximum: Double

    minimum: Double

    title: String

    @required
    type: NumberSchemaType
}

enum BooleanSchemaType {
    BOOLEAN = "boolean"
}

structure BooleanSchema {
    default: Boolean

    description: String

    title: String

    @required
    type: BooleanSchemaType
}

enum UntitledSingleSelectEnumSchemaType {
    STRING = "string"
}

/// Schema for single-selection enumeration without display titles for options.
structure UntitledSingleSelectEnumSchema {
    /// Optional default value.
    default: String

    /// Optional description for the enum field.
    description: String

    /// Array of enum values to choose from.
    @required
    enum: StringList

    /// Optional title for the enum field.
    title: String

    @required
    type: UntitledSingleSelectEnumSchemaType
}

structure TitledSingleSelectEnumSchemaOneofItem {
    /// The enum value.
    @required
    const: String

    /// Display label for this option.
    @required
    title: String
}

list TitledSingleSelectEnumSchemaOneofList {
    member: TitledSingleSelectEnumSchemaOneofItem
}

enum TitledSingleSelectEnumSchemaType {
    STRING = "string"
}

/// Schema for single-selection enumeration with display titles for each option.
structure TitledSingleSelectEnumSchema {
    /// Optional default value.
    default: String

    /// Optional description for the enum field.
    description: String

    /// Array of enum options with values and display labels.
    @required
    oneOf: TitledSingleSelectEnumSchemaOneofList

    /// Optional title for the enum field.
    title: String

    @required
    type: TitledSingleSelectEnumSchemaType
}

enum UntitledMultiSelectEnumSchemaItemsType {
    STRING = "string"
}

/// Schema for the array items.
structure UntitledMultiSelectEnumSchemaItems {
    /// Array of enum values to choose from.
    @required
    enum: StringList

    @required
    type: UntitledMultiSelectEnumSchemaItemsType
}

enum UntitledMultiSelectEnumSchemaType {
    ARRAY = "array"
}

/// Schema for multiple-selection enumeration without display titles for options.
structure UntitledMultiSelectEnumSchema {
    /// Optional default value.
    default: StringList

    /// Optional description for the enum field.
    description: String

    /// Schema for the array items.
    @required
    items: UntitledMultiSelectEnumSchemaItems

    /// Maximum number of items to select.
    maxItems: Long

    /// Minimum number of items to select.
    minItems: Long

    /// Optional title for the enum field.
    title: String

    @required
    type: UntitledMultiSelectEnumSchemaType
}

structure TitledMultiSelectEnumSchemaItemsAnyofItem {
    /// The constant enum value.
    @required
    const: String

    /// Display title for this option.
    @required
    title: String
}

list TitledMultiSelectEnumSchemaItemsAnyofList {
    member: TitledMultiSelectEnumSchemaItemsAnyofItem
}

/// Schema for array items with enum options and display labels.
structure TitledMultiSelectEnumSchemaItems {
    /// Array of enum options with values and display labels.
    @required
    anyOf: TitledMultiSelectEnumSchemaItemsAnyofList
}

enum TitledMultiSelectEnumSchemaType {
    ARRAY = "array"
}

/// Schema for multiple-selection enumeration with display titles for each option.
structure TitledMultiSelectEnumSchema {
    /// Optional default value.
    default: StringList

    /// Optional description for the enum field.
    description: String

    /// Schema for array items with enum options and display labels.
    @required
    items: TitledMultiSelectEnumSchemaItems

    /// Maximum number of items to select.
    maxItems: Long

    /// Minimum number of items to select.
    minItems: Long

    /// Optional title for the enum field.
    title: String

    @required
    type: TitledMultiSelectEnumSchemaType
}

enum LegacyTitledEnumSchemaType {
    STRING = "string"
}

/// Use TitledSingleSelectEnumSchema instead. This interface will be removed in a future version.
structure LegacyTitledEnumSchema {
    default: String

    description: String

    @required
    enum: StringList

    /// (Legacy) Display names for enum values. Non-standard according to JSON schema 2020-12.
    ///
    /// Optional in the schema, required here: without enumNames this shape
    /// accepts exactly what UntitledSingleSelectEnumSchema accepts, so in the
    /// untagged PrimitiveSchemaDefinition (its only use) every untitled enum
    /// would match both members equally and be reported ambiguous. Requiring
    /// it leaves the union's accepted values unchanged and each value one
    /// best member: an enum without enumNames is untitled, one with them is
    /// this legacy form.
    @required
    enumNames: StringList

    title: String

    @required
    type: LegacyTitledEnumSchemaType
}

/// Restricted schema definitions that only allow primitive types without nested objects or arrays.
@untagged
union PrimitiveSchemaDefinition {
    stringSchema: StringSchema

    numberSchema: NumberSchema

    booleanSchema: BooleanSchema

    untitledSingleSelectEnumSchema: UntitledSingleSelectEnumSchema

    titledSingleSelectEnumSchema: TitledSingleSelectEnumSchema

    untitledMultiSelectEnumSchema: UntitledMultiSelectEnumSchema

    titledMultiSelectEnumSchema: TitledMultiSelectEnumSchema

    legacyTitledEnumSchema: LegacyTitledEnumSchema
}

map ElicitRequestParamsRequestedschemaPropertiesMap {
    key: String
    value: PrimitiveSchemaDefinition
}

enum ElicitRequestParamsRequestedschemaType {
    OBJECT = "object"
}

/// A restricted subset of JSON Schema. Only top-level properties are allowed, without nesting.
structure ElicitRequestParamsRequestedschema {
    @jsonName("$schema")
    schema: String

    @required
    properties: ElicitRequestParamsRequestedschemaPropertiesMap

    required: StringList

    @required
    type: ElicitRequestParamsRequestedschemaType
}

/// The parameters of `elicitation/create`: the members of both modes in one structure (an operation
/// input is a structure, so the schema's union of the form and URL modes cannot be its params; see
/// ../README.md).
structure ElicitRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The message to present to the user explaining why the interaction is needed.
    @required
    message: String

    /// The elicitation mode: "form" (the default) or "url".
    mode: ElicitRequestParamsMode

    /// A restricted subset of JSON Schema. Only top-level properties are allowed, without nesting.
    requestedSchema: ElicitRequestParamsRequestedschema

    /// If specified, the caller is requesting task-augmented execution for this request. The
    /// request will return a CreateTaskResult immediately, and the actual result can be retrieved
    /// later via tasks/result.
    task: TaskMetadata

    /// The ID of the elicitation, which must be unique within the context of the server. The client
    /// MUST treat this ID as an opaque value.
    elicitationId: String

    /// The URL that the user should navigate to.
    url: String
}

/// The user action in response to the elicitation. - "accept": User submitted the form/confirmed
/// the action - "decline": User explicitly decline the action - "cancel": User dismissed without
/// making an explicit choice
enum ElicitResultAction {
    ACCEPT = "accept"
    CANCEL = "cancel"
    DECLINE = "decline"
}

@untagged
union ElicitResultContentValueScalar {
    string: String
    integer: Long
    boolean: Boolean
}

@untagged
union ElicitResultContentValue {
    list: StringList

    scalar: ElicitResultContentValueScalar
}

map ElicitResultContentMap {
    key: String
    value: ElicitResultContentValue
}

/// The client's response to an elicitation request.
structure ElicitResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// The user action in response to the elicitation. - "accept": User submitted the
    /// form/confirmed the action - "decline": User explicitly decline the action - "cancel": User
    /// dismissed without making an explicit choice
    @required
    action: ElicitResultAction

    /// The submitted form data, only present when action is "accept" and mode was "form". Contains
    /// values matching the requested schema. Omitted for out-of-band mode responses.
    content: ElicitResultContentMap
}

/// The result of `elicitation/create`: its own result, or a task when the request was task-augmented.
@untagged
union ElicitOutcome {
    result: ElicitResult

    task: CreateTaskResult
}

structure ElicitOutput {
    @required
    outcome: ElicitOutcome
}

structure ElicitationCompleteNotificationParams {
    /// The ID of the elicitation that completed.
    @required
    elicitationId: String
}

map GetPromptRequestParamsArgumentsMap {
    key: String
    value: String
}

/// Parameters for a `prompts/get` request.
structure GetPromptRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// Arguments to use for templating the prompt.
    arguments: GetPromptRequestParamsArgumentsMap

    /// The name of the prompt or prompt template.
    @required
    name: String
}

/// Describes a message returned as part of a prompt.
structure PromptMessage {
    @required
    content: ContentBlock

    @required
    role: Role
}

list PromptMessageList {
    member: PromptMessage
}

/// The server's response to a prompts/get request from the client.
structure GetPromptResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An optional description for the prompt.
    description: String

    @required
    messages: PromptMessageList
}

structure GetTaskPayloadRequestParams {
    /// The task identifier to retrieve results for.
    @required
    taskId: String
}

/// The response to a tasks/result request. The structure matches the result type of the original
/// request. For example, a tools/call task would return the CallToolResult structure.
structure GetTaskPayloadResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

structure GetTaskRequestParams {
    /// The task identifier to query.
    @required
    taskId: String
}

/// The response to a tasks/get request.
structure GetTaskResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// ISO 8601 timestamp when the task was created.
    @required
    createdAt: String

    /// ISO 8601 timestamp when the task was last updated.
    @required
    lastUpdatedAt: String

    /// Suggested polling interval in milliseconds.
    pollInterval: Long

    /// Current task state.
    @required
    status: TaskStatus

    /// Optional human-readable message describing the current task state. This can provide context
    /// for any status, including: - Reasons for "cancelled" status - Summaries for "completed"
    /// status - Diagnostic information for "failed" status (e.g., error details, what went wrong)
    statusMessage: String

    /// The task identifier.
    @required
    taskId: String

    /// Actual retention duration from creation in milliseconds, null for unlimited.
    @required
    @nullable
    ttl: Long

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

/// Present if the client supports elicitation from the server.
structure ClientCapabilitiesElicitation {
    form: JsonObject

    url: JsonObject
}

map ClientCapabilitiesExperimentalMap {
    key: String
    value: JsonObject
}

/// Present if the client supports listing roots.
structure ClientCapabilitiesRoots {
    /// Whether the client supports notifications for changes to the roots list.
    listChanged: Boolean
}

/// Present if the client supports sampling from an LLM.
structure ClientCapabilitiesSampling {
    /// Whether the client supports context inclusion via includeContext parameter. If not declared,
    /// servers SHOULD only use `includeContext: "none"` (or omit it).
    context: JsonObject

    /// Whether the client supports tool use via tools and toolChoice parameters.
    tools: JsonObject
}

/// Task support for elicitation-related requests.
structure ClientCapabilitiesTasksRequestsElicitation {
    /// Whether the client supports task-augmented elicitation/create requests.
    create: JsonObject
}

/// Task support for sampling-related requests.
structure ClientCapabilitiesTasksRequestsSampling {
    /// Whether the client supports task-augmented sampling/createMessage requests.
    createMessage: JsonObject
}

/// Specifies which request types can be augmented with tasks.
structure ClientCapabilitiesTasksRequests {
    /// Task support for elicitation-related requests.
    elicitation: ClientCapabilitiesTasksRequestsElicitation

    /// Task support for sampling-related requests.
    sampling: ClientCapabilitiesTasksRequestsSampling
}

/// Present if the client supports task-augmented requests.
structure ClientCapabilitiesTasks {
    /// Whether this client supports tasks/cancel.
    cancel: JsonObject

    /// Whether this client supports tasks/list.
    list: JsonObject

    /// Specifies which request types can be augmented with tasks.
    requests: ClientCapabilitiesTasksRequests
}

/// Capabilities a client may support. Known capabilities are defined here, in this schema, but this
/// is not a closed set: any client can define its own, additional capabilities.
structure ClientCapabilities {
    /// Present if the client supports elicitation from the server.
    elicitation: ClientCapabilitiesElicitation

    /// Experimental, non-standard capabilities that the client supports.
    experimental: ClientCapabilitiesExperimentalMap

    /// Present if the client supports listing roots.
    roots: ClientCapabilitiesRoots

    /// Present if the client supports sampling from an LLM.
    sampling: ClientCapabilitiesSampling

    /// Present if the client supports task-augmented requests.
    tasks: ClientCapabilitiesTasks

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

/// Describes the MCP implementation.
structure Implementation {
    /// An optional human-readable description of what this implementation does.
    description: String

    /// Optional set of sized icons that the client can display in a user interface.
    icons: IconList

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String

    @required
    version: String

    /// An optional URL of the website for this implementation.
    websiteUrl: String
}

/// Parameters for an `initialize` request.
structure InitializeRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    @required
    capabilities: ClientCapabilities

    @required
    clientInfo: Implementation

    /// The latest version of the Model Context Protocol that the client supports. The client MAY
    /// decide to support older versions as well.
    @required
    protocolVersion: String
}

map ServerCapabilitiesExperimentalMap {
    key: String
    value: JsonObject
}

/// Present if the server offers any prompt templates.
structure ServerCapabilitiesPrompts {
    /// Whether this server supports notifications for changes to the prompt list.
    listChanged: Boolean
}

/// Present if the server offers any resources to read.
structure ServerCapabilitiesResources {
    /// Whether this server supports notifications for changes to the resource list.
    listChanged: Boolean

    /// Whether this server supports subscribing to resource updates.
    subscribe: Boolean
}

/// Task support for tool-related requests.
structure ServerCapabilitiesTasksRequestsTools {
    /// Whether the server supports task-augmented tools/call requests.
    call: JsonObject
}

/// Specifies which request types can be augmented with tasks.
structure ServerCapabilitiesTasksRequests {
    /// Task support for tool-related requests.
    tools: ServerCapabilitiesTasksRequestsTools
}

/// Present if the server supports task-augmented requests.
structure ServerCapabilitiesTasks {
    /// Whether this server supports tasks/cancel.
    cancel: JsonObject

    /// Whether this server supports tasks/list.
    list: JsonObject

    /// Specifies which request types can be augmented with tasks.
    requests: ServerCapabilitiesTasksRequests
}

/// Present if the server offers any tools to call.
structure ServerCapabilitiesTools {
    /// Whether this server supports notifications for changes to the tool list.
    listChanged: Boolean
}

/// Capabilities that a server may support. Known capabilities are defined here, in this schema, but
/// this is not a closed set: any server can define its own, additional capabilities.
structure ServerCapabilities {
    /// Present if the server supports argument autocompletion suggestions.
    completions: JsonObject

    /// Experimental, non-standard capabilities that the server supports.
    experimental: ServerCapabilitiesExperimentalMap

    /// Present if the server supports sending log messages to the client.
    logging: JsonObject

    /// Present if the server offers any prompt templates.
    prompts: ServerCapabilitiesPrompts

    /// Present if the server offers any resources to read.
    resources: ServerCapabilitiesResources

    /// Present if the server supports task-augmented requests.
    tasks: ServerCapabilitiesTasks

    /// Present if the server offers any tools to call.
    tools: ServerCapabilitiesTools

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

/// After receiving an initialize request from the client, the server sends this response.
structure InitializeResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    capabilities: ServerCapabilities

    /// Instructions describing how to use the server and its features.
    instructions: String

    /// The version of the Model Context Protocol that the server wants to use. This may not match
    /// the version that the client requested. If the client cannot support this version, it MUST
    /// disconnect.
    @required
    protocolVersion: String

    @required
    serverInfo: Implementation
}

structure NotificationParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta
}

/// Common parameters for paginated requests.
structure PaginatedRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// An opaque token representing the current pagination position. If provided, the server should
    /// return results starting after this cursor.
    cursor: String
}

/// Describes an argument that a prompt can accept.
structure PromptArgument {
    /// A human-readable description of the argument.
    description: String

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// Whether this argument must be provided.
    required: Boolean

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String
}

list PromptArgumentList {
    member: PromptArgument
}

/// A prompt or prompt template that the server offers.
structure Prompt {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// A list of arguments to use for templating the prompt.
    arguments: PromptArgumentList

    /// An optional description of what this prompt provides
    description: String

    /// Optional set of sized icons that the client can display in a user interface.
    icons: IconList

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String
}

list PromptList {
    member: Prompt
}

/// The server's response to a prompts/list request from the client.
structure ListPromptsResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An opaque token representing the pagination position after the last returned result. If
    /// present, there may be more results available.
    nextCursor: String

    @required
    prompts: PromptList
}

/// A template description for resources available on the server.
structure ResourceTemplate {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    /// A description of what this template is for.
    description: String

    /// Optional set of sized icons that the client can display in a user interface.
    icons: IconList

    /// The MIME type for all resources that match this template. This should only be included if
    /// all resources matching this template have the same type.
    mimeType: String

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String

    /// A URI template (according to RFC 6570) that can be used to construct resource URIs.
    @required
    uriTemplate: String
}

list ResourceTemplateList {
    member: ResourceTemplate
}

/// The server's response to a resources/templates/list request from the client.
structure ListResourceTemplatesResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An opaque token representing the pagination position after the last returned result. If
    /// present, there may be more results available.
    nextCursor: String

    @required
    resourceTemplates: ResourceTemplateList
}

/// A known resource that the server is capable of reading.
structure Resource {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Optional annotations for the client.
    annotations: Annotations

    /// A description of what this resource represents.
    description: String

    /// Optional set of sized icons that the client can display in a user interface.
    icons: IconList

    /// The MIME type of this resource, if known.
    mimeType: String

    /// Intended for programmatic or logical use, but used as a display name in past specs or
    /// fallback (if title isn't present).
    @required
    name: String

    /// The size of the raw resource content, in bytes (i.e., before base64 encoding or any
    /// tokenization), if known.
    size: Long

    /// Intended for UI and end-user contexts — optimized to be human-readable and easily
    /// understood, even by those unfamiliar with domain-specific terminology.
    title: String

    /// The URI of this resource.
    @required
    uri: String
}

list ResourceList {
    member: Resource
}

/// The server's response to a resources/list request from the client.
structure ListResourcesResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An opaque token representing the pagination position after the last returned result. If
    /// present, there may be more results available.
    nextCursor: String

    @required
    resources: ResourceList
}

/// Common params for any request.
structure RequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta
}

/// Represents a root directory or file that the server can operate on.
structure Root {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An optional name for the root. This can be used to provide a human-readable identifier for
    /// the root, which may be useful for display purposes or for referencing the root in other
    /// parts of the application.
    name: String

    /// The URI identifying the root. This *must* start with file:// for now. This restriction may
    /// be relaxed in future versions of the protocol to allow other URI schemes.
    @required
    uri: String
}

list RootList {
    member: Root
}

/// The client's response to a roots/list request from the server. This result contains an array of
/// Root objects, each representing a root directory or file that the server can operate on.
structure ListRootsResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    roots: RootList
}

list TaskList {
    member: Task
}

/// The response to a tasks/list request.
structure ListTasksResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An opaque token representing the pagination position after the last returned result. If
    /// present, there may be more results available.
    nextCursor: String

    @required
    tasks: TaskList
}

/// The server's response to a tools/list request from the client.
structure ListToolsResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An opaque token representing the pagination position after the last returned result. If
    /// present, there may be more results available.
    nextCursor: String

    @required
    tools: ToolList
}

/// The severity of a log message.
enum LoggingLevel {
    ALERT = "alert"
    CRITICAL = "critical"
    DEBUG = "debug"
    EMERGENCY = "emergency"
    ERROR = "error"
    INFO = "info"
    NOTICE = "notice"
    WARNING = "warning"
}

/// Parameters for a `notifications/message` notification.
structure LoggingMessageNotificationParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// The data to be logged, such as a string message or an object. Any JSON serializable type is
    /// allowed here.
    @required
    data: Document

    /// The severity of this log message.
    @required
    level: LoggingLevel

    /// An optional name of the logger issuing this message.
    logger: String
}

structure Result {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

/// A progress token, used to associate progress notifications with the original request.
@untagged
union ProgressToken {
    string: String
    integer: Long
}

/// Parameters for a `notifications/progress` notification.
structure ProgressNotificationParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// An optional message describing the current progress.
    message: String

    /// The progress thus far. This should increase every time progress is made, even if the total
    /// is unknown.
    @required
    progress: Double

    /// The progress token which was given in the initial request, used to associate this
    /// notification with the request that is proceeding.
    @required
    progressToken: ProgressToken

    /// Total number of items to process (or total progress required), if known.
    total: Double
}

/// Parameters for a `resources/read` request.
structure ReadResourceRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The URI of the resource. The URI can use any protocol; it is up to the server how to
    /// interpret it.
    @required
    uri: String
}

@untagged
union ReadResourceResultContentsItem {
    textResourceContents: TextResourceContents

    blobResourceContents: BlobResourceContents
}

list ReadResourceResultContentsList {
    member: ReadResourceResultContentsItem
}

/// The server's response to a resources/read request from the client.
structure ReadResourceResult {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    @required
    contents: ReadResourceResultContentsList
}

/// Parameters for a `notifications/resources/updated` notification.
structure ResourceUpdatedNotificationParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// The URI of the resource that has been updated. This might be a sub-resource of the one that
    /// the client actually subscribed to.
    @required
    uri: String
}

/// Parameters for a `logging/setLevel` request.
structure SetLevelRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The level of logging that the client wants to receive from the server. The server should
    /// send all logs at this level and higher (i.e., more severe) to the client as
    /// notifications/message.
    @required
    level: LoggingLevel
}

/// Parameters for a `resources/subscribe` request.
structure SubscribeRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The URI of the resource. The URI can use any protocol; it is up to the server how to
    /// interpret it.
    @required
    uri: String
}

/// Parameters for a `notifications/tasks/status` notification.
structure TaskStatusNotificationParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: Meta

    /// ISO 8601 timestamp when the task was created.
    @required
    createdAt: String

    /// ISO 8601 timestamp when the task was last updated.
    @required
    lastUpdatedAt: String

    /// Suggested polling interval in milliseconds.
    pollInterval: Long

    /// Current task state.
    @required
    status: TaskStatus

    /// Optional human-readable message describing the current task state. This can provide context
    /// for any status, including: - Reasons for "cancelled" status - Summaries for "completed"
    /// status - Diagnostic information for "failed" status (e.g., error details, what went wrong)
    statusMessage: String

    /// The task identifier.
    @required
    taskId: String

    /// Actual retention duration from creation in milliseconds, null for unlimited.
    @required
    @nullable
    ttl: Long

    /// Any further field.
    @jsonUnknown
    additional: JsonObject
}

/// Parameters for a `resources/unsubscribe` request.
structure UnsubscribeRequestParams {
    /// See [General fields: `_meta`](/specification/2025-11-25/basic/index#meta) for notes on
    /// `_meta` usage.
    _meta: RequestMeta

    /// The URI of the resource. The URI can use any protocol; it is up to the server how to
    /// interpret it.
    @required
    uri: String
}
