package feeds

import (
	"fmt"
	"strings"
)

// CategoryValue returns the value Fields gives a category, in FeedSync
// 1.0.2 and (package ssefeed) SSE 0.91 alike: its term (an RSS category's
// text), followed by " (scheme)" when it has a scheme (Atom's scheme,
// RSS's domain). A term that would itself read as "term (scheme)", one
// that ends in ")" and holds " (", is followed by " ()", which says it has
// none: the term "home (x)" without a scheme is "home (x) ()".
// ParseCategory reads every value back as it was, but for a scheme that
// holds " (", which no value can give, and a term that begins with "<".
func CategoryValue(term, scheme string) string {
	if scheme != "" || schemed(term) {
		return term + " (" + scheme + ")"
	}
	return term
}

// ParseCategory reads a category's value as CategoryValue writes it: a
// value that ends in ")" is the term before its last " (" and the scheme
// within ("" for " ()"); any other value is a term without a scheme. A
// value that begins with "<" (after white space) is refused with an error
// wrapping ErrFieldValue: an element written out is a mistake, not a term.
func ParseCategory(value string) (term, scheme string, err error) {
	if strings.HasPrefix(strings.TrimLeft(value, " \t\r\n"), "<") {
		return "", "", fmt.Errorf("%w: a category's value is its term, followed by \" (scheme)\" when it has one, not XML", ErrFieldValue)
	}
	if !schemed(value) {
		return value, "", nil
	}
	i := strings.LastIndex(value, " (")
	return value[:i], value[i+2 : len(value)-1], nil
}

// schemed reports whether a value reads as "term (scheme)".
func schemed(v string) bool {
	return strings.HasSuffix(v, ")") && strings.Contains(v, " (")
}
