package xmlutil

import (
	"bytes"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// AsRead tells, token by token, whether the bytes a scanner read are what
// etree writes, with WriteSettings, for the tree a Builder builds from
// them: where every token of an element is, the element can be written
// as its bytes, and no tree need be built to write it. It asks etree's
// own writers, so that it holds whatever their rules: what it compares is
// what they write for the token the Builder makes. Differences it finds
// are the forms a reader accepts and etree does not write: an attribute
// in single quotes, white space in a tag, a character written as a
// reference etree does not use (&quot;, &#233;) or written literally
// where etree uses one ('>' in text, a carriage return), an empty element
// written as a start and an end tag. The zero value is ready to use.
type AsRead struct {
	// CRLF lets a "\r\n" read stand for the "\n" etree writes for it (a
	// reader sees "\n" either way, XML 1.0 §2.11): for bytes written
	// through a LineEnds writer that rewrites line ends, which makes both
	// the same line end.
	CRLF bool

	cmp     cmpWriter
	text    *etree.CharData
	cdata   *etree.CharData
	comment etree.Comment
	pi      etree.ProcInst
	open    bool // the last token was a start tag with an end tag of its own
}

// Reset forgets the token before: the next is read as the first.
func (r *AsRead) Reset() { r.open = false }

// Token reports whether etree writes t's bytes, data[t.Off:t.End], for
// the token the Builder makes of t. A start tag of an element with an end
// tag of its own is as read only when its element has children: etree
// writes a childless element as an empty-element tag, which the end tag
// that follows the start tag at once says (false for that end tag). A
// document type declaration is never as read (the Builder's is not
// written in place).
func (r *AsRead) Token(data []byte, t *xmlscan.Token) bool {
	open := r.open
	r.open = t.Kind == xmlscan.StartElement && !t.Empty
	raw := data[t.Off:t.End]
	switch t.Kind {
	case xmlscan.StartElement:
		return r.startTag(raw, t)
	case xmlscan.EndElement:
		return !open && (t.Off == t.End || r.endTag(raw, t.Name))
	case xmlscan.Text:
		if t.Literal && bytes.IndexByte(raw, '>') < 0 {
			// Literal text holds no reference, '&', '<' or carriage
			// return, and only characters the scanner checked are legal:
			// escaping it changes nothing but a '>'.
			return true
		}
		if r.text == nil {
			r.text = etree.NewText("")
		}
		r.text.Data = t.Text
		return r.same(raw, r.text)
	case xmlscan.CDATA:
		if r.cdata == nil {
			r.cdata = etree.NewCData("")
		}
		r.cdata.Data = t.Text
		return r.same(raw, r.cdata)
	case xmlscan.Comment:
		r.comment.Data = t.Text
		return r.same(raw, &r.comment)
	case xmlscan.ProcInst:
		r.pi.Target, r.pi.Inst = t.Name.Local, t.Text
		return r.same(raw, &r.pi)
	}
	return false
}

// same reports whether etree writes raw for tok.
func (r *AsRead) same(raw []byte, tok etree.Token) bool {
	r.cmp.reset(raw, r.CRLF)
	tok.WriteTo(&r.cmp, &WriteSettings)
	return r.cmp.same()
}

// startTag reports whether etree writes raw for the start tag t: the
// name as written, each attribute after one space with its name as
// written (CreateAttr keeps it), and ">" or "/>".
func (r *AsRead) startTag(raw []byte, t *xmlscan.Token) bool {
	c := &r.cmp
	c.reset(raw, false)
	c.WriteByte('<')
	c.WriteString(t.Name.String())
	for _, a := range t.Attrs {
		c.WriteByte(' ')
		at := etree.Attr{Key: a.QName, Value: a.Value}
		at.WriteTo(c, &WriteSettings)
		if c.diff {
			return false
		}
	}
	if t.Empty {
		c.WriteString("/>")
	} else {
		c.WriteByte('>')
	}
	return c.same()
}

// endTag reports whether raw is the end tag etree writes for name.
func (r *AsRead) endTag(raw []byte, name xmlscan.Name) bool {
	c := &r.cmp
	c.reset(raw, false)
	c.WriteString("</")
	c.WriteString(name.String())
	c.WriteByte('>')
	return c.same()
}

// cmpWriter compares what is written to it with want, from its start,
// and keeps nothing.
type cmpWriter struct {
	want []byte
	n    int
	diff bool
	crlf bool // a "\r\n" in want matches a "\n" written
}

func (c *cmpWriter) reset(want []byte, crlf bool) { c.want, c.n, c.diff, c.crlf = want, 0, false, crlf }

// same reports whether what was written is want, all of it.
func (c *cmpWriter) same() bool { return !c.diff && c.n == len(c.want) }

func (c *cmpWriter) WriteString(s string) (int, error) {
	if c.crlf {
		for i := 0; i < len(s); i++ {
			c.WriteByte(s[i])
		}
		return len(s), nil
	}
	if !c.diff && len(c.want)-c.n >= len(s) && string(c.want[c.n:c.n+len(s)]) == s {
		c.n += len(s)
	} else {
		c.diff = true
	}
	return len(s), nil
}

func (c *cmpWriter) Write(p []byte) (int, error) {
	if c.crlf {
		for _, b := range p {
			c.WriteByte(b)
		}
		return len(p), nil
	}
	if !c.diff && len(c.want)-c.n >= len(p) && bytes.Equal(c.want[c.n:c.n+len(p)], p) {
		c.n += len(p)
	} else {
		c.diff = true
	}
	return len(p), nil
}

func (c *cmpWriter) WriteByte(b byte) error {
	switch {
	case c.diff:
	case c.crlf && b == '\n' && c.n+1 < len(c.want) && c.want[c.n] == '\r' && c.want[c.n+1] == '\n':
		c.n += 2
	case c.n < len(c.want) && c.want[c.n] == b:
		c.n++
	default:
		c.diff = true
	}
	return nil
}
