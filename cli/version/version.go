// Package version is the smithy command's version: the version of the
// module set (versions.yaml; a test keeps them equal), which `smithy
// --version`, the server's hello and SARIF's tool driver report.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// Version is the command's version, printed by `smithy --version`: the
// version of the module set in versions.yaml (a test keeps them equal).
const Version = "0.1.0"

// Text is what `smithy --version` prints after "smithy version":
// the module set's version, then the command module's version and the Go
// version it was built with, from the build info:
//
//	0.1.0 (github.com/smithy-validation/go/cli v0.1.0, go1.24.2)
//
// A build from a checkout says "(devel)" for the module version.
func Text() string {
	path, mod, goVersion := "github.com/smithy-validation/go/cli", "(unknown)", runtime.Version()
	if bi, ok := debug.ReadBuildInfo(); ok {
		goVersion = bi.GoVersion
		for _, m := range append([]*debug.Module{&bi.Main}, bi.Deps...) {
			if m.Path == path {
				mod = m.Version
				if m.Replace != nil && m.Replace.Version != "" {
					mod = m.Replace.Version
				}
			}
		}
	}
	return fmt.Sprintf("%s (%s %s, %s)", Version, path, mod, goVersion)
}
