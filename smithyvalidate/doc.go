// Package smithyvalidate is the value engine: it checks values (JSON, and Ion
// through the ion-adapter module) against Smithy shapes.
package smithyvalidate
