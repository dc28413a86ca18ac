// Package core is the root of the core module: shape IDs ([shapeid]), exact
// JSON nodes ([node]), the semantic model ([model]), the Smithy JSON AST
// ([jsonast]) and model assembly ([assembly]). It uses the standard library
// only.
package core
