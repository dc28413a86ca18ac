$version: "2"

// The Ledger service of issue 27's transcript benchmark: a double-entry
// bookkeeping API served over JSON-RPC 2.0. The transcript that
// `go run ./scripts/cmd/transcripts ledger` writes exercises what real
// traffic does: nested structures, lists of structures, maps, enums,
// patterns, ranges, lengths, date-time timestamps, big decimals, an
// untagged choice of identifier kinds, server notifications and errors.
namespace ledger

use smithy.rpc#jsonRpc
use smithy.rpc#method
use smithy.rpc#rpcError

@jsonRpc(versions: ["2.0"], idReuse: "reject", nullIds: "reject")
service Ledger {
    version: "2026-12-01"
    operations: [PostEntry, GetBalance, ListEntries, EntryPosted]
    errors: [LedgerError]
}

/// Posts a balanced journal entry.
@method(name: "ledger/postEntry", kind: "call", from: "client")
operation PostEntry {
    input: PostEntryInput
    output: PostEntryOutput
}

structure PostEntryInput {
    @required
    entry: JournalEntry

    /// Refuse the entry rather than post it to a closed period.
    strict: Boolean

    @length(min: 8, max: 64)
    idempotencyKey: String
}

structure PostEntryOutput {
    @required
    @pattern("^je_[0-9a-f]{12}$")
    entryId: String

    @required
    @timestampFormat("date-time")
    postedAt: Timestamp

    @required
    status: EntryStatus

    @required
    @length(min: 2, max: 50)
    balances: Balances
}

/// The balance of an account.
@method(name: "ledger/getBalance", kind: "call", from: "client", resultMember: "balance")
operation GetBalance {
    input: GetBalanceInput
    output: GetBalanceOutput
}

structure GetBalanceInput {
    @required
    account: AccountCode

    @timestampFormat("date-time")
    asOf: Timestamp
}

structure GetBalanceOutput {
    @required
    balance: Balance
}

/// A page of an account's entries.
@method(name: "ledger/listEntries", kind: "call", from: "client")
operation ListEntries {
    input: ListEntriesInput
    output: ListEntriesOutput
}

structure ListEntriesInput {
    @required
    account: AccountCode

    @range(min: 1, max: 100)
    limit: Integer

    @length(max: 128)
    cursor: String
}

structure ListEntriesOutput {
    @required
    @length(max: 100)
    entries: EntrySummaries

    @length(max: 128)
    nextCursor: String
}

/// Sent by the server when an entry is posted.
@method(name: "ledger/entryPosted", kind: "notification", from: "server")
operation EntryPosted {
    input: EntryPostedInput
}

structure EntryPostedInput {
    @required
    @pattern("^je_[0-9a-f]{12}$")
    entryId: String

    @required
    @timestampFormat("date-time")
    postedAt: Timestamp

    @required
    @range(min: 2, max: 50)
    lineCount: Integer

    @required
    total: Money
}

/// A journal entry: its lines must balance (the server's check; the
/// model bounds each line).
structure JournalEntry {
    @required
    @pattern("^[A-Z]{2,4}-[0-9]{4}-[0-9]{6}$")
    reference: String

    @required
    @timestampFormat("date-time")
    effectiveAt: Timestamp

    @required
    @length(min: 2, max: 50)
    lines: Postings

    @length(max: 500)
    memo: String

    @length(max: 10)
    tags: Tags

    source: EntrySource

    metadata: Metadata

    attachments: Attachments
}

list Postings {
    member: Posting
}

structure Posting {
    @required
    account: AccountCode

    @required
    side: Side

    @required
    amount: Money

    @length(max: 200)
    description: String

    counterparty: Counterparty

    @length(max: 5)
    dimensions: Dimensions
}

structure Money {
    @required
    @range(min: 0, max: 1000000000)
    value: BigDecimal

    @required
    currency: Currency
}

@pattern("^[0-9]{4}(-[0-9]{2}){0,3}$")
string AccountCode

@pattern("^[A-Z]{3}$")
@length(min: 3, max: 3)
string Currency

enum Side {
    DEBIT = "debit"
    CREDIT = "credit"
}

enum EntryStatus {
    POSTED = "posted"
    PENDING = "pending"
    REVERSED = "reversed"
}

enum EntrySource {
    MANUAL = "manual"
    IMPORT = "import"
    PAYROLL = "payroll"
    BILLING = "billing"
}

/// Who is on the other side: exactly one kind of identifier.
union Counterparty {
    customer: CustomerRef
    vendor: VendorRef
    employee: EmployeeRef
}

@pattern("^cus_[0-9a-zA-Z]{8,24}$")
string CustomerRef

@pattern("^ven_[0-9a-zA-Z]{8,24}$")
string VendorRef

@range(min: 1, max: 999999)
integer EmployeeRef

map Dimensions {
    key: DimensionName
    value: DimensionValue
}

@pattern("^[a-z][a-z_]{1,31}$")
string DimensionName

@length(min: 1, max: 64)
string DimensionValue

@length(min: 1, max: 32)
string Tag

@uniqueItems
list Tags {
    member: Tag
}

map Metadata {
    key: String
    value: String
}

list Attachments {
    member: Attachment
}

structure Attachment {
    @required
    @pattern("^https://[^ ]+$")
    url: String

    @required
    mediaType: MediaType

    @range(min: 0, max: 26214400)
    size: Long
}

enum MediaType {
    PDF = "application/pdf"
    PNG = "image/png"
    JPEG = "image/jpeg"
}

list Balances {
    member: Balance
}

structure Balance {
    @required
    account: AccountCode

    @required
    amount: Money

    @required
    @timestampFormat("date-time")
    asOf: Timestamp

    @pattern("^je_[0-9a-f]{12}$")
    lastEntry: String
}

list EntrySummaries {
    member: EntrySummary
}

structure EntrySummary {
    @required
    @pattern("^je_[0-9a-f]{12}$")
    entryId: String

    @required
    @timestampFormat("date-time")
    effectiveAt: Timestamp

    @required
    side: Side

    @required
    amount: Money

    @length(max: 500)
    memo: String
}

/// An application error: `data` is the detail.
@error("client")
@rpcError(code: 4001, dataMember: "detail")
structure LedgerError {
    @required
    message: String

    detail: LedgerErrorDetail
}

structure LedgerErrorDetail {
    @required
    reason: LedgerErrorReason

    account: AccountCode
}

enum LedgerErrorReason {
    UNBALANCED = "unbalanced"
    PERIOD_CLOSED = "period_closed"
    UNKNOWN_ACCOUNT = "unknown_account"
}
