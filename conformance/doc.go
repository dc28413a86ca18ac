// Package conformance runs the external corpora in ../shared/corpus against
// the project's modules. It is never imported and never tagged.
package conformance
