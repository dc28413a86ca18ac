// Package ionadapter presents Amazon Ion values to the smithyvalidate value
// engine, keeping Ion's native types (typed nulls, exact decimals, symbols,
// timestamps, blobs, s-expressions, annotations).
package ionadapter
