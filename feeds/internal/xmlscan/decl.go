package xmlscan

import (
	"bytes"
	"strings"
)

// checkDecl checks the pseudo-attributes of an XML declaration, b being
// what follows "<?xml" and white space (XML 1.0 §2.8, §4.3.3, §2.9): version,
// then optionally encoding, then optionally standalone, in that order. It
// returns what is wrong, or "".
func checkDecl(b []byte) string {
	pairs, msg := pseudoAttrs(b)
	if msg != "" {
		return msg
	}
	order := []string{"version", "encoding", "standalone"}
	at := 0
	for i, p := range pairs {
		k := -1
		for j := at; j < len(order); j++ {
			if order[j] == p[0] {
				k = j
			}
		}
		switch {
		case k < 0:
			return "unexpected " + p[0] + ": the declaration has version, encoding and standalone, in that order"
		case i == 0 && k != 0:
			return "version must come first"
		}
		at = k + 1
		switch p[0] {
		case "version":
			v := p[1]
			if !strings.HasPrefix(v, "1.") || len(v) == 2 || strings.Trim(v[2:], "0123456789") != "" {
				return "version " + quote(v) + " is not 1.x"
			}
		case "encoding":
			if !encName(p[1]) {
				return "encoding " + quote(p[1]) + " is not an encoding name"
			}
		case "standalone":
			if p[1] != "yes" && p[1] != "no" {
				return "standalone " + quote(p[1]) + " is neither yes nor no"
			}
		}
	}
	if len(pairs) == 0 {
		return "no version"
	}
	return ""
}

func quote(s string) string { return `"` + s + `"` }

// pseudoAttrs splits name="value" pairs separated by white space.
func pseudoAttrs(b []byte) ([][2]string, string) {
	var out [][2]string
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		if len(b) == 0 {
			return out, ""
		}
		eq := bytes.IndexByte(b, '=')
		if eq < 0 {
			return nil, "pseudo-attribute " + quote(string(b)) + " has no value"
		}
		name := string(bytes.TrimRight(b[:eq], " \t\r\n"))
		b = bytes.TrimLeft(b[eq+1:], " \t\r\n")
		if len(b) == 0 || b[0] != '"' && b[0] != '\'' {
			return nil, name + ": the value is not in quotes"
		}
		end := bytes.IndexByte(b[1:], b[0])
		if end < 0 {
			return nil, name + ": the value's quote is never closed"
		}
		out = append(out, [2]string{name, string(b[1 : 1+end])})
		b = b[2+end:]
		if len(b) > 0 && !isSpace(b[0]) {
			return nil, "pseudo-attributes must be separated by white space"
		}
	}
}

// encName reports whether s is an EncName (XML 1.0 §4.3.3).
func encName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if i == 0 && !alpha || !alpha && !('0' <= c && c <= '9') && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return s != ""
}

// declares returns the value of pseudo-attribute name among b's, or "".
func declares(b []byte, name string) string {
	pairs, _ := pseudoAttrs(b)
	for _, p := range pairs {
		if p[0] == name {
			return p[1]
		}
	}
	return ""
}

// Encoding returns the encoding an XML declaration at the start of data
// names (after a UTF-8 byte order mark), or "" when there is none.
func Encoding(data []byte) string {
	data = bytes.TrimPrefix(data, bom)
	if !bytes.HasPrefix(data, []byte("<?xml")) || len(data) < 6 || !isSpace(data[5]) {
		return ""
	}
	end := bytes.Index(data, []byte("?>"))
	if end < 0 {
		return ""
	}
	return declares(data[6:end], "encoding")
}
