package build

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smithy-validation/go/cli/exitcode"
	"github.com/smithy-validation/go/cli/run"
	"github.com/smithy-validation/go/core/node"
	"github.com/smithy-validation/go/openrpc"
)

// openrpcSettings reads the openrpc plugin's settings:
//
//	{"service": "ns#Service",                      // required
//	 "info": {"title", "version", "description", "termsOfService",
//	          "contact": {"name", "url", "email"}, "license": {"name", "url"}},
//	 "naming": "jsonName" (default) | "memberName",
//	 "unknownMembers": "warn" | "ignore" | "error",
//	 "nulls": "absent" | "reject",
//	 "extensions": "emit" | "omit",
//	 "systemExtensions": ["rpc.discover"]}
func openrpcSettings(v node.Node, prefix string) (run.OpenRPCSettings, error) {
	var s run.OpenRPCSettings
	bad := func(format string, args ...any) error {
		return exitcode.Usagef("%s%s", prefix, fmt.Sprintf(format, args...))
	}
	str := func(n node.Node, what string) (string, error) {
		if n.Kind() != node.String {
			return "", bad("%s must be a string", what)
		}
		return n.StringValue(), nil
	}
	strFields := func(n node.Node, what string, dst map[string]*string) error {
		if n.Kind() != node.Object {
			return bad("%s must be an object", what)
		}
		for _, f := range n.Fields() {
			p, ok := dst[f.Key]
			if !ok {
				keys := make([]string, 0, len(dst))
				for k := range dst {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				return bad("%s: unknown member %q (known: %s)", what, f.Key, strings.Join(keys, ", "))
			}
			x, err := str(f.Value, what+"."+f.Key)
			if err != nil {
				return err
			}
			*p = x
		}
		return nil
	}
	var err error
	for _, f := range v.Fields() {
		switch f.Key {
		case "service":
			s.Service, err = str(f.Value, "service")
		case "naming":
			s.Naming, err = str(f.Value, "naming")
		case "unknownMembers":
			s.UnknownMembers, err = str(f.Value, "unknownMembers")
		case "nulls":
			s.Nulls, err = str(f.Value, "nulls")
		case "extensions":
			s.Extensions, err = str(f.Value, "extensions")
		case "systemExtensions":
			if f.Value.Kind() != node.Array {
				return s, bad("systemExtensions must be an array of names")
			}
			for _, e := range f.Value.Elems() {
				x, err := str(e, "systemExtensions[]")
				if err != nil {
					return s, err
				}
				s.SystemExtensions = append(s.SystemExtensions, x)
			}
		case "info":
			if f.Value.Kind() != node.Object {
				return s, bad("info must be an object")
			}
			for _, i := range f.Value.Fields() {
				switch i.Key {
				case "contact":
					s.Info.Contact = &openrpc.Contact{}
					err = strFields(i.Value, "info.contact", map[string]*string{"name": &s.Info.Contact.Name, "url": &s.Info.Contact.URL, "email": &s.Info.Contact.Email})
				case "license":
					s.Info.License = &openrpc.License{}
					err = strFields(i.Value, "info.license", map[string]*string{"name": &s.Info.License.Name, "url": &s.Info.License.URL})
					if err == nil && s.Info.License.Name == "" {
						err = bad("info.license.name is required")
					}
				default:
					err = strFields(node.NewObject(i), "info", map[string]*string{"title": &s.Info.Title, "version": &s.Info.Version,
						"description": &s.Info.Description, "termsOfService": &s.Info.TermsOfService, "contact": nil, "license": nil})
				}
				if err != nil {
					return s, err
				}
			}
		default:
			return s, bad("unknown setting %q (known: service, info, naming, unknownMembers, nulls, extensions, systemExtensions)", f.Key)
		}
		if err != nil {
			return s, err
		}
	}
	if s.Service == "" {
		return s, bad("service is required: the absolute shape ID of the service to export")
	}
	return s, nil
}
