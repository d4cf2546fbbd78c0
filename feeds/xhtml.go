package feeds

import (
	"errors"
	"fmt"
	"strings"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// XHTMLError is a value given to an Atom text construct of type="xhtml"
// (RFC 4287 §3.1.1.3: a title, a summary or a content) that is not
// well-formed XHTML. Such a value could only be written as text, its
// tags escaped and type="xhtml" dropped, which loses the markup (issue
// 20 item 1: a partial take of a hunk saved "<em>world</strong>" so); it
// is refused instead. Line and Col place the first fault in the value,
// from 1.
type XHTMLError struct {
	Line, Col int
	Msg       string
}

func (e *XHTMLError) Error() string {
	return fmt.Sprintf("not well-formed XHTML at %d:%d: %s (type=\"xhtml\" is kept as markup, never written as text: correct the markup)", e.Line, e.Col, e.Msg)
}

// isXHTML reports whether kd is an Atom text construct of type="xhtml".
func isXHTML(kd kid) bool {
	e := kd.elem()
	return e.SelectAttrValue("type", "") == "xhtml" && kd.scope.elemURI(e) == NSAtom
}

// xhtmlKid returns kd's element, an Atom type="xhtml" text construct,
// holding value as markup: one div (RFC 4287 §3.1.1.3), as textOf shows
// the element, put in the XHTML namespace where the markup does not say;
// or else markup a div can hold (text, elements), wrapped in one. A value
// that is neither is an *XHTMLError.
func xhtmlKid(kd kid, value string) (kid, error) {
	var div *etree.Element
	var err error
	if startsWithDiv(value) {
		var k kid
		if k, err = parseElement(value, xmlutil.NSXHTML, "div", kd.scope); err == nil {
			div = k.elem()
		}
	} else {
		div, err = wrapInDiv(value, kd.scope)
	}
	if err != nil {
		return kid{}, xhtmlError(err)
	}
	n := kd.elem().Copy()
	n.Child = nil
	n.AddChild(div)
	return kid{n, kd.scope}, nil
}

// startsWithDiv reports whether value, past white space, starts with a
// div's start tag, of any prefix.
func startsWithDiv(value string) bool {
	v := strings.TrimLeft(value, " \t\r\n")
	if !strings.HasPrefix(v, "<") {
		return false
	}
	name := v[1:]
	if i := strings.IndexAny(name, " \t\r\n/>"); i >= 0 {
		name = name[:i]
	}
	_, local, _ := strings.Cut(name, ":")
	return name == "div" || local == "div"
}

// wrapInDiv reads value as the content of an XHTML div, placing its
// errors in value.
func wrapInDiv(value string, in *scope) (*etree.Element, error) {
	const open, end = `<div xmlns="` + xmlutil.NSXHTML + `">`, `</div>`
	data := []byte(open + value + end)
	sc := xmlscan.NewFragment(data, 0, bindingsOf(&in.Scope), xmlscan.DefaultLimits)
	sc.PlaceFrom(len(open))
	var b xmlutil.Builder
	var e *etree.Element
	if sc.Next() {
		e = b.Element(sc)
	}
	if e == nil {
		err := sc.SyntaxErr()
		if err == nil {
			return nil, fmt.Errorf("%w: not XHTML", ErrFieldValue)
		}
		if err.Off >= len(open)+len(value) { // at the wrapper's </div>: the person's tag is never closed
			err.Msg = strings.Replace(err.Msg, "is closed by </div>", "is never closed", 1)
		}
		return nil, err
	}
	if sc.Token().End != len(data) { // a </div> of value's own closed the wrapper
		l, c := xmlscan.Position([]byte(value), sc.Token().Off-len(open))
		return nil, &xmlscan.SyntaxError{Line: l, Col: c, Element: "div", Msg: "</div> without a start tag"}
	}
	return e, nil
}

// xhtmlError turns the error of reading a value as XHTML into an
// *XHTMLError, with the place when the reader gave one.
func xhtmlError(err error) error {
	var se *xmlscan.SyntaxError
	if errors.As(err, &se) {
		return &XHTMLError{Line: se.Line, Col: se.Col, Msg: se.Msg}
	}
	return &XHTMLError{Line: 1, Col: 1, Msg: strings.TrimPrefix(err.Error(), ErrFieldValue.Error()+": ")}
}
