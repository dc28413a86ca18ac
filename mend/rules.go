package mend

// A rule is one kind of repair: a stable code, the rule's name (the
// seed's "threshold" field), whether the value it produces is what the
// writer evidently meant (cosmetic) or content was dropped, invented or
// guessed (lossy), and the other plausible reading when there is one.
type rule struct {
	code  string
	name  string
	lossy bool
	// ambiguity, when not empty, is the other plausible reading: a repair
	// by this rule makes the result ambiguous.
	ambiguity string
	// what says what was wrong, for messages and retry hints.
	what string
}

// The rules. Codes are stable: R1xx are cosmetic, R2xx lossy. README.md
// lists them with an example each; rules_test.go proves each one fires.
var (
	ruleSingleQuote   = &rule{code: "R101", name: "single_quotes", what: "a string in single quotes"}
	ruleTypographic   = &rule{code: "R102", name: "typographic_quotes", what: "a string in typographic quotes"}
	ruleBacktick      = &rule{code: "R103", name: "backtick_quotes", what: "a string in backticks"}
	ruleUnquotedKey   = &rule{code: "R104", name: "unquoted_key", what: "an object key without quotes"}
	ruleUnquotedValue = &rule{code: "R105", name: "unquoted_string", what: "a string without quotes"}
	rulePython        = &rule{code: "R106", name: "python_literal", what: "a Python literal (True, False or None)"}
	ruleUndefined     = &rule{code: "R107", name: "undefined", what: "JavaScript undefined"}
	ruleTrailingComma = &rule{code: "R108", name: "trailing_comma", what: "a comma before a closing bracket"}
	ruleMissingComma  = &rule{code: "R109", name: "missing_comma", what: "a missing comma between two values"}
	ruleMissingColon  = &rule{code: "R110", name: "missing_colon", what: "a missing colon after an object key"}
	ruleComment       = &rule{code: "R111", name: "comment", what: "a comment"}
	ruleFence         = &rule{code: "R112", name: "markdown_fence", what: "a markdown code fence"}
	ruleProse         = &rule{code: "R113", name: "prose", what: "prose around the JSON value"}
	ruleControl       = &rule{code: "R114", name: "control_character", what: "an unescaped control character in a string"}
	ruleEscape        = &rule{code: "R115", name: "invalid_escape", what: "an invalid escape in a string (the backslash is kept as a character)"}
	rulePlus          = &rule{code: "R116", name: "number_plus", what: "a number with a leading +"}
	ruleNumberDot     = &rule{code: "R117", name: "number_dot", what: "a number with a leading or trailing decimal point"}
	ruleDoubledQuote  = &rule{code: "R118", name: "doubled_quotes", what: "a string in doubled quotes"}
	ruleExtraComma    = &rule{code: "R119", name: "extra_comma", what: "a comma where no value precedes it"}
	ruleWrongClose    = &rule{code: "R120", name: "mismatched_bracket", what: "a closing bracket of the wrong kind"}
	ruleExtraClose    = &rule{code: "R121", name: "extra_bracket", what: "a closing bracket that closes nothing"}
	ruleSpace         = &rule{code: "R122", name: "special_whitespace", what: "non-ASCII whitespace outside a string"}
	ruleQuoteEscape   = &rule{code: "R123", name: "escaped_apostrophe", what: `an escaped apostrophe (\')`}
	ruleEllipsis      = &rule{code: "R124", name: "ellipsis", what: "an ellipsis (...) standing for more elements"}
	ruleMissingClose  = &rule{code: "R125", name: "missing_bracket", what: "a missing closing bracket before another"}
	ruleExtraColon    = &rule{code: "R126", name: "extra_colon", what: "a doubled colon"}

	ruleInnerQuote = &rule{code: "R130", name: "inner_quote", what: "an unescaped quote inside a string",
		ambiguity: "the quote could also end the string"}
	ruleConcat = &rule{code: "R131", name: "concatenated_values", what: "several JSON values one after another (read as one array)",
		ambiguity: "only the first value could be meant"}
	ruleMissingQuote = &rule{code: "R133", name: "missing_quote", what: "a string without its closing quote (closed before the next token)",
		ambiguity: "the text after it could belong to the string"}
	ruleEscapedJSON = &rule{code: "R134", name: "escaped_json", what: "a JSON text escaped once more, as the content of a string (unescaped)"}
	ruleStringPlus  = &rule{code: "R135", name: "string_concatenation", what: "strings joined with + (read as one string)"}
	ruleMongo       = &rule{code: "R136", name: "mongodb_wrapper", what: "a MongoDB shell constructor around a value (the value is kept)"}
	ruleMongoNumber = &rule{code: "R137", name: "mongodb_number_string", what: "a MongoDB number constructor around a string (the string is kept)",
		ambiguity: "the number the string holds could be meant"}
	ruleLeadingZero = &rule{code: "R132", name: "leading_zero", what: "a number with a leading zero (read as a string)",
		ambiguity: "it could be the number without its leading zeros"}

	ruleTruncated       = &rule{code: "R201", name: "truncated", lossy: true, what: "the text ended before the value was complete"}
	ruleTruncatedString = &rule{code: "R202", name: "truncated_string", lossy: true, what: "the text ended inside a string"}
	ruleMissingValue    = &rule{code: "R203", name: "missing_value", lossy: true, what: "a missing value (null was put in its place)"}
	ruleGarbage         = &rule{code: "R204", name: "garbage", lossy: true, what: "characters that belong to no value (dropped)"}
	ruleLeadingText     = &rule{code: "R205", name: "leading_text", lossy: true, what: "text before the JSON value (dropped; skip_prose allows it)"}
	ruleTrailingText    = &rule{code: "R206", name: "trailing_text", lossy: true, what: "text after the JSON value (dropped; skip_prose allows it)"}
	ruleNonFinite       = &rule{code: "R207", name: "non_finite_number", lossy: true, what: "NaN or Infinity, which JSON cannot hold (null was put in its place)"}
	ruleTruncatedToken  = &rule{code: "R208", name: "truncated_token", lossy: true, what: "an incomplete number or literal (completed)"}
	ruleUTF8            = &rule{code: "R209", name: "invalid_utf8", lossy: true, what: "bytes that are not UTF-8 (replaced by U+FFFD)"}
	ruleTruncatedEscape = &rule{code: "R210", name: "truncated_escape", lossy: true, what: "an escape cut off by the end of the text (dropped)"}
)

// Rules lists every repair rule, in code order, as (code, name,
// severity) rows: the catalogue README.md documents.
func Rules() []RuleInfo {
	out := make([]RuleInfo, 0, len(allRules))
	for _, r := range allRules {
		out = append(out, RuleInfo{Code: r.code, Name: r.name, Severity: severityOf(r), Ambiguity: r.ambiguity, Description: r.what})
	}
	return out
}

// RuleInfo describes one repair rule.
type RuleInfo struct {
	Code        string
	Name        string
	Severity    string // "cosmetic" or "lossy"
	Ambiguity   string // the other plausible reading; empty when none
	Description string
}

var allRules = []*rule{
	ruleSingleQuote, ruleTypographic, ruleBacktick, ruleUnquotedKey, ruleUnquotedValue, rulePython,
	ruleUndefined, ruleTrailingComma, ruleMissingComma, ruleMissingColon, ruleComment, ruleFence,
	ruleProse, ruleControl, ruleEscape, rulePlus, ruleNumberDot, ruleDoubledQuote, ruleExtraComma,
	ruleWrongClose, ruleExtraClose, ruleSpace, ruleQuoteEscape, ruleEllipsis, ruleMissingClose,
	ruleExtraColon, ruleInnerQuote, ruleConcat, ruleLeadingZero, ruleMissingQuote, ruleEscapedJSON,
	ruleStringPlus, ruleMongo, ruleMongoNumber,
	ruleTruncated, ruleTruncatedString, ruleMissingValue, ruleGarbage, ruleLeadingText,
	ruleTrailingText, ruleNonFinite, ruleTruncatedToken, ruleUTF8, ruleTruncatedEscape,
}

func severityOf(r *rule) string {
	if r.lossy {
		return "lossy"
	}
	return "cosmetic"
}
