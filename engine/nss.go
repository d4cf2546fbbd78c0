package engine

// ValidNSS reports whether s is a Namespace Specific String as RFC 2141
// defines it, the syntax that sync ids and endpoint ids must follow
// (§2.1.1, §2.4):
//
//	<NSS>   ::= 1*<URN chars>
//	<URN chars> ::= <trans> | "%" <hex> <hex>
//	<trans> ::= <upper> | <lower> | <number> | <other> | <reserved>
//	<other> ::= "(" | ")" | "+" | "," | "-" | "." | ":" | "=" | "@" | ";" | "$" | "_" | "!" | "*" | "'"
//	<reserved> ::= "%" | "/" | "?" | "#"
//
// A "%" must start a two-digit hex escape; RFC 2141 lists it as reserved
// only to say so, and %00 is excluded.
func ValidNSS(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) || (s[i+1] == '0' && s[i+2] == '0') {
				return false
			}
			i += 2
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case isOther(c):
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isOther(c byte) bool {
	switch c {
	case '(', ')', '+', ',', '-', '.', ':', '=', '@', ';', '$', '_', '!', '*', '\'', '/', '?', '#':
		return true
	}
	return false
}
