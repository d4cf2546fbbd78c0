package xmlscan

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// startElement reads a start tag at data[pos] ('<').
func (s *Scanner) startElement() bool {
	off := s.pos
	name, qend, ok := s.qname(off + 1)
	if !ok {
		return false
	}
	qname := s.str(off+1, qend)
	if len(s.stack) == 0 && s.root {
		return s.failIn(off, qname, "a second root element")
	}
	if len(s.stack) >= s.lim.MaxDepth {
		return s.failIn(off, qname, fmt.Sprintf("elements nest deeper than %d", s.lim.MaxDepth))
	}
	attrs := s.attrs[:0]
	i := qend
	empty := false
	s.tag = qname // for the messages of fail; an error ends the scan
	for {
		j := s.skipSpace(i)
		if j >= len(s.data) {
			return s.failIn(j, qname, "input ends inside the start tag")
		}
		c := s.data[j]
		if c == '>' {
			i = j + 1
			break
		}
		if c == '/' {
			if j+1 >= len(s.data) || s.data[j+1] != '>' {
				return s.failIn(j, qname, "/ in a start tag not followed by >")
			}
			i, empty = j+2, true
			break
		}
		if j == i {
			return s.failIn(j, qname, "attributes must be separated by white space")
		}
		a, n, ok := s.attr(j, qname)
		if !ok {
			return false
		}
		if len(attrs) >= s.lim.MaxAttrs {
			return s.failIn(j, qname, fmt.Sprintf("more than %d attributes on one element", s.lim.MaxAttrs))
		}
		attrs = append(attrs, a)
		i = n
	}
	s.attrs, s.tag = attrs, ""
	s.root = true
	mark := len(s.ns)
	s.stack = append(s.stack, open{qname: qname, name: name, off: off, mark: mark})
	if !s.declare(attrs, qname) || !s.checkNames(name, attrs, qname, off) {
		return false
	}
	s.pos = i
	s.endTag = empty
	s.tok = Token{Kind: StartElement, Off: off, End: i, Name: name, Attrs: attrs, Empty: empty}
	return true
}

// attr reads an attribute at data[i] in the start tag of element el and
// returns it and the offset after it.
func (s *Scanner) attr(i int, el string) (Attr, int, bool) {
	name, j, ok := s.qnameIn(i, el)
	if !ok {
		return Attr{}, 0, false
	}
	qname := s.str(i, j)
	j = s.skipSpace(j)
	if j >= len(s.data) {
		return Attr{}, 0, s.failIn(j, el, "input ends inside the start tag")
	}
	if s.data[j] != '=' {
		return Attr{}, 0, s.failIn(j, el, fmt.Sprintf("attribute %s has no value: = and a quoted value must follow its name", name))
	}
	j = s.skipSpace(j + 1)
	if j >= len(s.data) {
		return Attr{}, 0, s.failIn(j, el, "input ends inside the start tag")
	}
	if s.data[j] != '"' && s.data[j] != '\'' {
		return Attr{}, 0, s.failIn(j, el, fmt.Sprintf("attribute %s: the value is not in quotes", name))
	}
	q := s.data[j]
	end := bytes.IndexByte(s.data[j+1:], q)
	if end < 0 {
		return Attr{}, 0, s.failIn(j, el, fmt.Sprintf("attribute %s: the value's quote is never closed", name))
	}
	vi, vj := j+1, j+1+end
	plain := true
	d := s.data
	for k := vi; k < vj; {
		c := d[k]
		if c < utf8.RuneSelf {
			switch {
			case c == '<':
				return Attr{}, 0, s.failIn(k, el, fmt.Sprintf("attribute %s: < in a value", name))
			case c == '&':
				plain = false
				n, ok := s.checkRef(k, vj)
				if !ok {
					return Attr{}, 0, false
				}
				k = n
				continue
			case c == '\t' || c == '\n' || c == '\r':
				plain = false
			case c < 0x20:
				return Attr{}, 0, s.failIn(k, el, fmt.Sprintf("illegal character U+%04X", c))
			}
			k++
			continue
		}
		n, ok := s.checkRune(k)
		if !ok {
			return Attr{}, 0, false
		}
		k += n
	}
	a := Attr{Name: name, QName: qname, Off: i}
	if plain {
		a.Value = s.str(vi, vj)
	} else if a.Value, ok = s.decode(vi, vj, true); !ok {
		return Attr{}, 0, false
	}
	return a, vj + 1, true
}

// declare checks and puts in scope the namespace declarations among attrs
// (Namespaces in XML 1.0 §3).
func (s *Scanner) declare(attrs []Attr, el string) bool {
	for _, a := range attrs {
		var prefix string
		switch {
		case a.Name.Prefix == "xmlns":
			prefix = a.Name.Local
			switch {
			case prefix == "xmlns":
				return s.failIn(a.Off, el, "the prefix xmlns cannot be declared")
			case prefix == "xml" && a.Value != NSXML:
				return s.failIn(a.Off, el, "the prefix xml can be bound only to "+NSXML)
			case a.Value == "":
				return s.failIn(a.Off, el, fmt.Sprintf("xmlns:%s is empty: a prefix cannot be undeclared in XML 1.0", prefix))
			}
		case a.Name.Prefix == "" && a.Name.Local == "xmlns":
		default:
			continue
		}
		if prefix != "xml" && (a.Value == NSXML || a.Value == NSXMLNS) {
			return s.failIn(a.Off, el, fmt.Sprintf("namespace %s is reserved and cannot be bound to another prefix", a.Value))
		}
		s.ns = append(s.ns, binding{prefix, a.Value})
	}
	return true
}

// checkNames checks that the element's and attributes' prefixes are bound
// and that no attribute is repeated, by name or by namespace and local
// name (XML 1.0 §3.1, Namespaces in XML 1.0 §6.3).
func (s *Scanner) checkNames(name Name, attrs []Attr, el string, off int) bool {
	if name.Prefix == "xmlns" {
		return s.failIn(off, el, "an element's name cannot have the prefix xmlns")
	}
	if _, ok := s.Lookup(name.Prefix); !ok {
		return s.failIn(off, el, fmt.Sprintf("prefix %q is not bound to a namespace", name.Prefix))
	}
	prefixed := 0
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		prefixed++
		if _, ok := s.Lookup(a.Name.Prefix); !ok {
			return s.failIn(a.Off, el, fmt.Sprintf("attribute %s: prefix %q is not bound to a namespace", a.Name, a.Name.Prefix))
		}
	}
	if len(attrs) < 2 {
		return true
	}
	if len(attrs) <= 16 {
		for i := 1; i < len(attrs); i++ {
			for j := range i {
				if attrs[i].Name == attrs[j].Name {
					return s.failIn(attrs[i].Off, el, fmt.Sprintf("attribute %s appears twice", attrs[i].Name))
				}
			}
		}
	} else {
		seen := make(map[Name]bool, len(attrs))
		for _, a := range attrs {
			if seen[a.Name] {
				return s.failIn(a.Off, el, fmt.Sprintf("attribute %s appears twice", a.Name))
			}
			seen[a.Name] = true
		}
	}
	if prefixed < 2 {
		return true
	}
	type expanded struct{ uri, local string }
	seen := make(map[expanded]string, prefixed)
	for _, a := range attrs {
		if a.Name.Prefix == "" || a.Name.Prefix == "xmlns" {
			continue
		}
		u, _ := s.Lookup(a.Name.Prefix)
		k := expanded{u, a.Name.Local}
		if first, ok := seen[k]; ok {
			return s.failIn(a.Off, el, fmt.Sprintf("attributes %s and %s are the same name in namespace %s", first, a.Name, u))
		}
		seen[k] = a.Name.String()
	}
	return true
}

// closeElement pops the innermost element and its declarations.
func (s *Scanner) closeElement() {
	o := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.ns = s.ns[:o.mark]
}

// endElement reads an end tag at data[pos] ("</").
func (s *Scanner) endElement() bool {
	off := s.pos
	i := off + 2
	j := i
	for j < len(s.data) && isNameByte(s.data[j]) || j < len(s.data) && s.data[j] >= utf8.RuneSelf {
		j++
	}
	got := s.str(i, j)
	k := s.skipSpace(j)
	if len(s.stack) == 0 {
		return s.failIn(off, got, fmt.Sprintf("end tag </%s> without a start tag", got))
	}
	o := s.stack[len(s.stack)-1]
	if got != o.qname {
		l, c := s.position(o.off)
		return s.fail(off, fmt.Sprintf("<%s> opened at %d:%d is closed by </%s>", o.qname, l, c, got))
	}
	if k >= len(s.data) || s.data[k] != '>' {
		return s.fail(k, fmt.Sprintf("end tag </%s> not closed by >", got))
	}
	s.closeElement()
	s.pos = k + 1
	s.tok = Token{Kind: EndElement, Off: off, End: k + 1, Name: o.name}
	return true
}
