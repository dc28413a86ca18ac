package openrpc

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/core/preludeid"
	"github.com/smithy-validation/go/core/shapeid"
	"github.com/smithy-validation/go/rpc"
	sv "github.com/smithy-validation/go/smithyvalidate"
)

// OpenRPCVersion is the OpenRPC specification version of every exported
// document.
const OpenRPCVersion = "1.3.2"

// ExtensionPolicy says whether the document carries the x-smithy-*
// extension fields, which say what OpenRPC cannot (see the README).
type ExtensionPolicy uint8

const (
	// ExtensionsEmit (the default) writes the x-smithy-* fields.
	ExtensionsEmit ExtensionPolicy = iota
	// ExtensionsOmit leaves them out: what they would say is reported as
	// a loss diagnostic instead.
	ExtensionsOmit
)

// Info overrides the document's info object. Empty fields keep what the
// model says: the service's @title (else its name), its version and its
// @documentation.
type Info struct {
	Title          string
	Version        string
	Description    string
	TermsOfService string
	Contact        *Contact
	License        *License
}

// Contact is the info object's contact.
type Contact struct{ Name, URL, Email string }

// License is the info object's license.
type License struct{ Name, URL string }

// Config configures [Convert]. The zero Config exports with the value
// engine's default policies, which are also what rpc validates with.
type Config struct {
	Info Info
	// The payload policies: the value engine's switches of the same
	// names, off by default (IgnoreUnknownMembers wins over
	// RejectUnknownMembers). Convert prepares the service with exactly
	// these (rpc.PayloadOptions), so the schemas say what the validator
	// checks.
	MatchJSONNames         bool
	RejectUnknownMembers   bool
	IgnoreUnknownMembers   bool
	RejectNullMembers      bool
	AllowMissingRequired   bool
	AnyTimestampFormat     bool
	BlobsAsText            bool
	AcceptIntegralDecimals bool
	Extensions             ExtensionPolicy
	// RPCOptions are further options for rpc.Prepare (reader limits,
	// system extensions such as rpc.Discover). Payload options given
	// here come before the policies above, which win.
	RPCOptions []rpc.Option
}

// profile is the resolved configuration the converter reads.
type profile struct {
	jsonNames       bool
	unknownError    bool // an unknown member is an error (else a warning, or nothing)
	nullsRejected   bool
	requiredIgnored bool
	anyTimestamp    bool
	blobText        bool
	ext             ExtensionPolicy
}

func (c Config) payloadOptions() []sv.Option {
	unknown := sv.RejectUnknownMembers(c.RejectUnknownMembers)
	if c.IgnoreUnknownMembers {
		unknown = sv.IgnoreUnknownMembers(true)
	}
	return []sv.Option{sv.MatchJSONNames(c.MatchJSONNames), unknown, sv.RejectNullMembers(c.RejectNullMembers),
		sv.AllowMissingRequired(c.AllowMissingRequired), sv.AnyTimestampFormat(c.AnyTimestampFormat), sv.BlobsAsText(c.BlobsAsText),
		sv.AcceptIntegralDecimals(c.AcceptIntegralDecimals)}
}

// Diagnostic codes.
const (
	// CodeLoss: the model says something the document cannot (with
	// ExtensionsOmit, also what an extension would have said).
	CodeLoss = "loss"
	// CodeNameConflict: two shapes of the closure share a name; their
	// schemas are named by namespace and name.
	CodeNameConflict = "name-conflict"
	// CodeExampleInvalid: an @examples entry whose params or result the
	// validator rejects (it is exported all the same; Smithy's
	// allowConstraintErrors skips the check).
	CodeExampleInvalid = "example-invalid"
)

// Diagnostic is something the export could not say in standard OpenRPC,
// or a decision it made that the user should know about.
type Diagnostic struct {
	Code    string
	Method  string     // the wire method name, "" for the service
	Shape   shapeid.ID // the shape concerned, if any
	Message string
}

// String renders "<code> [method] <shape>: message".
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.Code)
	if d.Method != "" {
		fmt.Fprintf(&b, " method %q", d.Method)
	}
	if !d.Shape.IsZero() {
		b.WriteString(" " + d.Shape.String())
	}
	b.WriteString(": " + d.Message)
	return b.String()
}

type diagnostics struct {
	list     []Diagnostic
	failures []string
}

func (d *diagnostics) add(x Diagnostic) { d.list = append(d.list, x) }
func (d *diagnostics) fail(format string, args ...any) {
	d.failures = append(d.failures, fmt.Sprintf(format, args...))
}

// Result is an exported document.
type Result struct {
	// Document is the OpenRPC document.
	Document node.Node
	// JSON is its rendering: indented by two spaces, keys in the order
	// written, numbers from their exact tokens, a final newline. The same
	// model and Config always give the same bytes.
	JSON []byte
	// Diagnostics lists what standard OpenRPC could not say, sorted by
	// method, shape, code and message.
	Diagnostics []Diagnostic
	// Service is the prepared service the document describes: the same
	// method mapping the validator uses.
	Service *rpc.PreparedService
}

// ErrNoVersion2 is returned (wrapped) when the service declares only
// JSON-RPC 1.0: OpenRPC describes 2.0 services, and no 1.x OpenRPC is
// invented.
var ErrNoVersion2 = errors.New("openrpc: the service declares only JSON-RPC 1.0; OpenRPC describes JSON-RPC 2.0")

// ExportError reports why a document cannot be exported: unresolved
// references, conflicting names, a document the metaschema rejects.
type ExportError struct {
	Service  shapeid.ID
	Problems []string
}

func (e *ExportError) Error() string {
	return fmt.Sprintf("openrpc: cannot export %s: %s", e.Service, strings.Join(e.Problems, "; "))
}

// Convert exports service svc of model m as an OpenRPC 1.3.2 document.
//
// The method mapping (wire names, params modes, positional order, result
// and error-data selections) is the one rpc.Prepare builds, with the
// payload policies of cfg: the document describes exactly what the
// validator checks. The service is prepared for JSON-RPC 2.0; a service
// that also declares 1.0 gets the x-smithy-jsonrpc extension (or a loss
// diagnostic); one that declares only 1.0 is [ErrNoVersion2]. Preparation
// problems are the rpc [*rpc.ModelError]. Every document is checked
// against the metaschema before it is returned; a failure there, or a
// reference that would not resolve, is an [*ExportError].
func Convert(m *model.Model, svc shapeid.ID, cfg Config) (*Result, error) {
	opts := append(append([]rpc.Option(nil), cfg.RPCOptions...), rpc.PayloadOptions(cfg.payloadOptions()...))
	prepared, err := rpc.Prepare(m, svc, opts...)
	versions := []rpc.ProtocolVersion{}
	if errors.Is(err, rpc.ErrVersionRequired) {
		prepared, err = rpc.Prepare(m, svc, append(opts, rpc.Version(rpc.V2_0))...)
		versions = append(versions, rpc.V1_0)
	}
	if err != nil {
		return nil, err
	}
	if prepared.Version() != rpc.V2_0 {
		return nil, fmt.Errorf("%w: %s", ErrNoVersion2, svc)
	}
	versions = append(versions, rpc.V2_0)
	return export(m, prepared, versions, cfg)
}

type exporter struct {
	m    *model.Model
	s    *rpc.PreparedService
	p    *profile
	g    *schemas
	d    *diagnostics
	ext  bool
	meth string // the method being exported, for diagnostics
	// modelValues are the validators of @examples values (model
	// values) by shape, made on first use.
	modelValues map[shapeid.ID]*sv.Validator
}

func export(m *model.Model, s *rpc.PreparedService, versions []rpc.ProtocolVersion, cfg Config) (*Result, error) {
	p := &profile{jsonNames: cfg.MatchJSONNames, unknownError: cfg.RejectUnknownMembers && !cfg.IgnoreUnknownMembers,
		nullsRejected: cfg.RejectNullMembers, requiredIgnored: cfg.AllowMissingRequired,
		anyTimestamp: cfg.AnyTimestampFormat, blobText: cfg.BlobsAsText, ext: cfg.Extensions}
	d := &diagnostics{}
	svcShape, _ := m.Shape(s.Service())
	g := &schemas{m: m, p: p, rename: map[shapeid.ID]string{}, diags: d}
	for _, r := range svcShape.Rename() {
		g.rename[r.Target] = r.Name
	}
	x := &exporter{m: m, s: s, p: p, g: g, d: d, ext: cfg.Extensions == ExtensionsEmit}

	methods := s.Methods()
	var roots []shapeid.ID
	for _, meth := range methods {
		if meth.Operation().IsZero() {
			continue // a system extension (rpc.discover): no model shapes
		}
		roots = append(roots, meth.Input(), meth.Output())
		for _, e := range meth.Errors() {
			roots = append(roots, e.Shape())
		}
	}
	if err := g.assignNames(g.collect(roots)); err != nil {
		return nil, &ExportError{Service: s.Service(), Problems: []string{err.Error()}}
	}

	var doc obj
	doc.add("openrpc", str(OpenRPCVersion))
	doc.add("info", x.info(svcShape, cfg.Info))
	if ed, ok := x.externalDocs(svcShape); ok {
		doc.add("externalDocs", ed)
	}
	ms := make([]node.Node, 0, len(methods))
	for _, meth := range methods {
		ms = append(ms, x.method(meth))
	}
	doc.add("methods", node.NewArray(ms...))
	comps := g.build()
	if comps.Len() > 0 {
		doc.add("components", node.NewObject(node.Field{Key: "schemas", Value: comps}))
	}
	x.serviceExtensions(&doc, svcShape, versions)
	x.traitLosses(svcShape)
	if p.unknownError {
		for _, meth := range methods {
			if meth.ParamMode() != rpc.ParamsPositional && !meth.Input().IsZero() {
				d.add(Diagnostic{Code: CodeLoss, Shape: s.Service(), Message: "named params that name no input member are errors (RejectUnknownMembers), which Content Descriptors cannot say: a client reading the document may send them"})
				break
			}
		}
	} else {
		for _, meth := range methods {
			if meth.ParamMode() == rpc.ParamsPositional || meth.Input().IsZero() {
				continue
			}
			if in, ok := m.Shape(meth.Input()); ok && in.HasTrait(ClosedTrait) {
				d.add(Diagnostic{Code: CodeLoss, Shape: meth.Input(), Message: "named params that name no member of this closed (@smithy.rpc#closed) input are errors, which Content Descriptors cannot say: a client reading the document may send them"})
			}
		}
	}
	if g.absentNulls && !x.ext {
		d.add(Diagnostic{Code: CodeLoss, Shape: s.Service(), Message: "an optional member's null is its absence and a @nullable member's a value (RejectNullMembers refuses only the first), but both schemas take null: without x-smithy-null they do not say which, and an import makes every optional member @nullable"})
	}
	if p.requiredIgnored {
		d.add(Diagnostic{Code: CodeLoss, Shape: s.Service(), Message: "@required is not enforced (AllowMissingRequired), so the schemas require no member: a reader, and an import of the document, cannot tell which members the model requires"})
	}
	var byPosition []string
	for _, meth := range methods {
		if !meth.Operation().IsZero() && meth.ParamMode() != rpc.ParamsNamed {
			byPosition = append(byPosition, meth.Name())
		}
	}
	if len(byPosition) > 0 {
		which := "1 method takes"
		if len(byPosition) > 1 {
			which = fmt.Sprintf("%d methods take", len(byPosition))
		}
		d.add(Diagnostic{Code: CodeLoss, Shape: s.Service(), Message: fmt.Sprintf(
			"positional params beyond a method's Content Descriptors are an error (params-too-many, -32602), which OpenRPC cannot say: a client reading the document may send more (%s params by position: %s)",
			which, listNames(byPosition, 5))})
	}
	out := doc.node()
	if len(d.failures) > 0 {
		return nil, &ExportError{Service: s.Service(), Problems: sortedUnique(d.failures)}
	}
	if bad := unresolvedRefs(out); len(bad) > 0 {
		return nil, &ExportError{Service: s.Service(), Problems: bad}
	}
	js := append(node.Marshal(out, node.Indent("  ")), '\n')
	findings, err := CheckDocument(js)
	if err != nil {
		return nil, err
	}
	if len(findings) > 0 {
		probs := make([]string, len(findings))
		for i, f := range findings {
			probs[i] = "metaschema: " + f.String()
		}
		return nil, &ExportError{Service: s.Service(), Problems: probs}
	}
	sort.SliceStable(d.list, func(i, j int) bool {
		a, b := d.list[i], d.list[j]
		if a.Method != b.Method {
			return a.Method < b.Method
		}
		if c := shapeid.Compare(a.Shape, b.Shape); c != 0 {
			return c < 0
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
	return &Result{Document: out, JSON: js, Diagnostics: dedupe(d.list), Service: s}, nil
}

// externalDocs is the External Documentation Object of a service (the
// document's externalDocs) or an operation (the method's): the first entry
// of @externalDocumentation, its name as the description. OpenRPC has one
// such object where Smithy has a map: each further entry is a loss.
func (x *exporter) externalDocs(s *model.Shape) (node.Node, bool) {
	t, ok := s.Trait(preludeid.ExternalDocumentation)
	if !ok || t.Kind() != node.Object || t.Len() == 0 {
		return node.Node{}, false
	}
	fs := t.Fields()
	if len(fs) > 1 {
		var rest []string
		for _, f := range fs[1:] {
			rest = append(rest, f.Key)
		}
		x.d.add(Diagnostic{Code: CodeLoss, Method: x.meth, Shape: s.ID(), Message: fmt.Sprintf(
			"@externalDocumentation has %d entries and an OpenRPC externalDocs one: only %q is written (left out: %s)", len(fs), fs[0].Key, listNames(rest, 5))})
	}
	return node.NewObject(node.Field{Key: "description", Value: str(fs[0].Key)}, node.Field{Key: "url", Value: fs[0].Value}), true
}

// listNames quotes up to max names, and says how many more there are.
func listNames(ns []string, max int) string {
	var b strings.Builder
	for i, n := range ns {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(ns)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(n))
	}
	return b.String()
}

func dedupe(ds []Diagnostic) []Diagnostic {
	var out []Diagnostic
	for i, x := range ds {
		if i > 0 && x == ds[i-1] {
			continue
		}
		out = append(out, x)
	}
	return out
}

func sortedUnique(ss []string) []string {
	sort.Strings(ss)
	var out []string
	for i, s := range ss {
		if i == 0 || s != ss[i-1] {
			out = append(out, s)
		}
	}
	return out
}

func docOf(s *model.Shape) (string, bool) {
	if d, ok := s.Trait(preludeid.Documentation); ok && d.Kind() == node.String && d.StringValue() != "" {
		return d.StringValue(), true
	}
	return "", false
}

func (x *exporter) info(svc *model.Shape, over Info) node.Node {
	title := svc.ID().Name
	if t, ok := svc.Trait(preludeid.Title); ok && t.Kind() == node.String && t.StringValue() != "" {
		title = t.StringValue()
	}
	desc, _ := docOf(svc)
	version := svc.Version()
	if over.Title != "" {
		title = over.Title
	}
	if over.Description != "" {
		desc = over.Description
	}
	if over.Version != "" {
		version = over.Version
	}
	if version == "" {
		version = "0"
		x.d.add(Diagnostic{Code: CodeLoss, Shape: svc.ID(), Message: "the service has no version and none was configured; info.version is \"0\""})
	}
	var o obj
	o.add("title", str(title))
	if desc != "" {
		o.add("description", str(desc))
	}
	if over.TermsOfService != "" {
		o.add("termsOfService", str(over.TermsOfService))
	}
	if c := over.Contact; c != nil {
		var co obj
		for _, f := range [][2]string{{"name", c.Name}, {"url", c.URL}, {"email", c.Email}} {
			if f[1] != "" {
				co.add(f[0], str(f[1]))
			}
		}
		o.add("contact", co.node())
	}
	if l := over.License; l != nil {
		var lo obj
		lo.add("name", str(l.Name))
		if l.URL != "" {
			lo.add("url", str(l.URL))
		}
		o.add("license", lo.node())
	}
	o.add("version", str(version))
	return o.node()
}

// serviceExtensions writes x-smithy-service and x-smithy-jsonrpc: the
// service's shape ID, and what @jsonRpc says that OpenRPC cannot (the
// versions, including 1.0, whose mapping the validator keeps; batches,
// null ids, id reuse).
func (x *exporter) serviceExtensions(doc *obj, svc *model.Shape, versions []rpc.ProtocolVersion) {
	var vs []string
	for _, v := range versions {
		vs = append(vs, v.String())
	}
	var j obj
	j.add("versions", strList(vs))
	var extra []string
	if t, ok := svc.Trait(rpc.JSONRPCTrait); ok {
		for _, f := range t.Fields() {
			if f.Key != "versions" {
				j.add(f.Key, f.Value)
				extra = append(extra, f.Key)
			}
		}
	}
	if x.ext {
		doc.add("x-smithy-service", str(svc.ID().String()))
		doc.add("x-smithy-jsonrpc", j.node())
		return
	}
	if len(versions) > 1 {
		x.d.add(Diagnostic{Code: CodeLoss, Shape: svc.ID(), Message: "the service also serves JSON-RPC 1.0, which OpenRPC does not describe (x-smithy-jsonrpc omitted)"})
	}
	for _, k := range extra {
		x.d.add(Diagnostic{Code: CodeLoss, Shape: svc.ID(), Message: fmt.Sprintf("@jsonRpc %s has no OpenRPC equivalent (x-smithy-jsonrpc omitted)", k)})
	}
}

func (x *exporter) method(meth *rpc.Method) node.Node {
	x.meth = meth.Name()
	if meth.Operation().IsZero() {
		return discoverMethod()
	}
	op, _ := x.m.Shape(meth.Operation())
	var o obj
	o.add("name", str(meth.Name()))
	if d, ok := docOf(op); ok {
		o.add("description", str(d))
	}
	if t, ok := op.Trait(preludeid.Tags); ok && t.Len() > 0 {
		var tags []node.Node
		for _, e := range t.Elems() {
			tags = append(tags, node.NewObject(node.Field{Key: "name", Value: e}))
		}
		o.add("tags", node.NewArray(tags...))
	}
	if ed, ok := x.externalDocs(op); ok {
		o.add("externalDocs", ed)
	}
	switch meth.ParamMode() {
	case rpc.ParamsNamed:
		o.add("paramStructure", str("by-name"))
	case rpc.ParamsPositional:
		o.add("paramStructure", str("by-position"))
	default:
		o.add("paramStructure", str("either"))
	}
	o.add("params", x.params(meth))
	if r, ok := x.result(meth, op); ok {
		o.add("result", r)
	}
	errs, data := x.errors(meth)
	if len(errs) > 0 {
		o.add("errors", node.NewArray(errs...))
	}
	if ex := x.examples(meth, op); len(ex) > 0 {
		o.add("examples", node.NewArray(ex...))
	}
	if op.HasTrait(preludeid.Deprecated) {
		o.add("deprecated", node.NewBool(true))
	}
	x.methodExtensions(&o, meth, op, data)
	return o.node()
}

// params returns the Content Descriptors of the input members: in
// positional order for a method that takes positional params, required
// before optional (each group in member order) for a named-only one.
func (x *exporter) params(meth *rpc.Method) node.Node {
	if meth.Input().IsZero() {
		return node.NewArray()
	}
	in, _ := x.m.Shape(meth.Input())
	var members []*model.Shape
	if pos := meth.Positional(); len(pos) > 0 {
		seenOptional := ""
		for _, n := range pos {
			mem, _ := in.Member(n)
			members = append(members, mem)
			req := mem.HasTrait(preludeid.Required)
			if !req && seenOptional == "" {
				seenOptional = n
			} else if req && seenOptional != "" {
				x.d.add(Diagnostic{Code: CodeLoss, Method: meth.Name(), Shape: mem.ID(), Message: fmt.Sprintf(
					"required positional param %q follows optional %q: OpenRPC lists required params first, so the descriptors keep the wire order and the omitted optional params must be sent as explicit values", n, seenOptional)})
			}
		}
	} else {
		var opt []*model.Shape
		for _, mem := range in.Members() {
			if mem.HasTrait(AlloyJSONUnknown) {
				// Not a param: it collects the named params that name no
				// other member, which Content Descriptors do not forbid.
				continue
			}
			if mem.HasTrait(preludeid.Required) {
				members = append(members, mem)
			} else {
				opt = append(opt, mem)
			}
		}
		members = append(members, opt...)
	}
	out := make([]node.Node, 0, len(members))
	for _, mem := range members {
		out = append(out, x.descriptor(x.g.wireName(mem), mem, mem.HasTrait(preludeid.Required) && !x.p.requiredIgnored))
	}
	return node.NewArray(out...)
}

// memberValueSchema is a member's schema where it stands alone (a param,
// a result member): null is allowed for a nullable member, and for an
// optional one unless RejectNullMembers.
func (x *exporter) memberValueSchema(mem *model.Shape) node.Node {
	return x.g.optionalNull(x.g.memberSchema(mem), mem)
}

func (x *exporter) descriptor(name string, mem *model.Shape, required bool) node.Node {
	var o obj
	o.add("name", str(name))
	if d, ok := docOf(mem); ok {
		o.add("description", str(d))
	} else if t, ok := x.m.Target(mem); ok {
		if d, ok := docOf(t); ok {
			o.add("description", str(d))
		}
	}
	o.add("required", node.NewBool(required))
	o.add("schema", x.g.withDefault(x.memberValueSchema(mem), mem, false))
	if _, ok := x.m.EffectiveTrait(mem, preludeid.Deprecated); ok {
		o.add("deprecated", node.NewBool(true))
	}
	if x.ext {
		o.add("x-smithy-member", str(mem.ID().String()))
	}
	return o.node()
}

// result returns the method's result descriptor; a notification method
// (@method(kind: "notification")) has none: OpenRPC 1.3 says a method
// without a result is used only as a notification.
func (x *exporter) result(meth *rpc.Method, op *model.Shape) (node.Node, bool) {
	if meth.Kind() == rpc.NotificationKind {
		return node.Node{}, false
	}
	kind, member := meth.Result()
	switch kind {
	case rpc.NullResult:
		return node.NewObject(node.Field{Key: "name", Value: str("result")}, node.Field{Key: "schema", Value: nullSchema}), true
	case rpc.OutputMember:
		mem, ok := x.m.Shape(member)
		if !ok {
			x.d.fail("method %q selects result member %s, which is not defined", meth.Name(), member)
			return node.Node{}, false
		}
		return x.descriptorNoRequired(x.g.wireName(mem), mem), true
	}
	out := meth.Output()
	if out.IsZero() {
		out = preludeid.Unit
	}
	var o obj
	o.add("name", str("result"))
	if s, ok := x.m.Shape(out); ok {
		if d, ok := docOf(s); ok {
			o.add("description", str(d))
		}
	}
	o.add("schema", x.g.ref(out))
	return o.node(), true
}

func (x *exporter) descriptorNoRequired(name string, mem *model.Shape) node.Node {
	d := x.descriptor(name, mem, false)
	var o obj
	for _, f := range d.Fields() {
		if f.Key != "required" {
			o.add(f.Key, f.Value)
		}
	}
	return o.node()
}

// errors returns the Error Objects of the method's application errors,
// and the x-smithy-errors entries that give their data schemas (the
// metaschema forbids x- fields on Error Objects). A notification method
// has none, not even the service's errors: JSON-RPC 2.0 (section 4.1)
// says the server must not reply to a notification, so no error of it is
// ever sent, and OpenRPC's errors describe responses.
func (x *exporter) errors(meth *rpc.Method) (errs, data []node.Node) {
	if meth.Kind() == rpc.NotificationKind {
		return nil, nil
	}
	for _, e := range meth.Errors() {
		es, _ := x.m.Shape(e.Shape())
		msg := e.Shape().Name
		if d, ok := docOf(es); ok {
			msg = firstSentence(d)
		}
		errs = append(errs, node.NewObject(
			node.Field{Key: "code", Value: num(fmt.Sprint(e.Code()))},
			node.Field{Key: "message", Value: str(msg)}))
		var o obj
		o.add("code", num(fmt.Sprint(e.Code())))
		o.add("error", str(e.Shape().String()))
		kind, member := e.Data()
		o.add("data", str(kind.String()))
		switch kind {
		case rpc.DataStructure:
			o.add("schema", x.g.ref(e.Shape()))
			o.add("required", node.NewBool(hasRequired(es)))
		case rpc.DataMember:
			mem, ok := x.m.Shape(member)
			if !ok {
				x.d.fail("error %s selects data member %s, which is not defined", e.Shape(), member)
				continue
			}
			o.add("member", str(member.String()))
			o.add("schema", x.memberValueSchema(mem))
			o.add("required", node.NewBool(mem.HasTrait(preludeid.Required)))
		}
		data = append(data, o.node())
		if !x.ext && kind != rpc.NoData {
			x.d.add(Diagnostic{Code: CodeLoss, Method: meth.Name(), Shape: e.Shape(), Message: fmt.Sprintf("the schema of error %d's data has no place in standard OpenRPC (x-smithy-errors omitted)", e.Code())})
		}
	}
	return errs, data
}

func hasRequired(s *model.Shape) bool {
	for _, m := range s.Members() {
		if m.HasTrait(preludeid.Required) {
			return true
		}
	}
	return false
}

// firstSentence returns a documentation text's first sentence (up to a
// period followed by a space or the end, or the first blank line), on one
// line: the error message the specification wants short.
func firstSentence(d string) string {
	d = strings.TrimSpace(d)
	if i := strings.Index(d, "\n\n"); i >= 0 {
		d = d[:i]
	}
	d = strings.Join(strings.Fields(d), " ")
	if i := strings.Index(d, ". "); i >= 0 {
		return d[:i+1]
	}
	return d
}

// methodExtensions writes x-smithy-operation, x-smithy-errors, and what
// @method says beyond the mapping OpenRPC has (kind, the sending peer).
func (x *exporter) methodExtensions(o *obj, meth *rpc.Method, op *model.Shape, data []node.Node) {
	var extra obj
	if t, ok := op.Trait(rpc.MethodTrait); ok {
		for _, f := range t.Fields() {
			switch f.Key {
			case "name", "params", "positional", "resultMember", "nullResult":
			default:
				extra.add(f.Key, f.Value)
			}
		}
	}
	var others []obj
	for _, t := range op.Traits() {
		if t.ID.Namespace == rpc.TraitsNamespace && t.ID != rpc.MethodTrait {
			var e obj
			e.add(t.ID.Name, t.Value)
			others = append(others, e)
		}
	}
	if !x.ext {
		for _, f := range extra {
			x.d.add(Diagnostic{Code: CodeLoss, Method: meth.Name(), Shape: op.ID(), Message: fmt.Sprintf("@method %s has no OpenRPC equivalent (x-smithy-method omitted)", f.Key)})
		}
		for _, e := range others {
			x.d.add(Diagnostic{Code: CodeLoss, Method: meth.Name(), Shape: op.ID(), Message: fmt.Sprintf("@%s has no OpenRPC equivalent (x-smithy-method omitted)", e[0].Key)})
		}
		return
	}
	o.add("x-smithy-operation", str(op.ID().String()))
	// The input and output structures by shape ID: their components are
	// what an import makes them from (a method without params, or whose
	// result is the whole output, names them nowhere else).
	if id := meth.Input(); !id.IsZero() {
		o.add("x-smithy-input", str(id.String()))
	}
	if id := meth.Output(); !id.IsZero() {
		o.add("x-smithy-output", str(id.String()))
	}
	if len(extra) > 0 || len(others) > 0 {
		all := append(obj(nil), extra...)
		for _, e := range others {
			all = append(all, e...)
		}
		o.add("x-smithy-method", all.node())
	}
	if len(data) > 0 {
		o.add("x-smithy-errors", node.NewArray(data...))
	}
}

// unresolvedRefs lists the $ref values of a document that name no
// component schema.
func unresolvedRefs(doc node.Node) []string {
	comps := map[string]bool{}
	if c, ok := doc.Get("components"); ok {
		if s, ok := c.Get("schemas"); ok {
			for _, f := range s.Fields() {
				comps["#/components/schemas/"+f.Key] = true
			}
		}
	}
	var bad []string
	var walk func(n node.Node)
	walk = func(n node.Node) {
		switch n.Kind() {
		case node.Object:
			for _, f := range n.Fields() {
				if f.Key == "$ref" && f.Value.Kind() == node.String && !comps[f.Value.StringValue()] && f.Value.StringValue() != DiscoverResultRef {
					bad = append(bad, "unresolved reference "+f.Value.StringValue())
				}
				walk(f.Value)
			}
		case node.Array:
			for _, e := range n.Elems() {
				walk(e)
			}
		}
	}
	walk(doc)
	return sortedUnique(bad)
}
