package ssefeed

import (
	"net/url"
	"time"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds/internal/xmlutil"
)

// sharings reads the one sx:sharing: among those outside the element that
// should hold it and those inside it (channel or head, which may be nil).
func (p *parser) sharings(outside []*etree.Element, in *etree.Element) {
	all := outside
	if in != nil {
		for c := range in.ChildElementsSeq() {
			if p.isSSE(c, "sharing") {
				all = append(all, c)
			}
		}
	}
	for i, e := range all {
		if i > 0 {
			p.errorf(e, "a second sx:sharing (0.91 §2.1)")
			continue
		}
		p.d.sharing, p.d.sharingEl = p.sharing(e), e
	}
}

// sharing reads sx:sharing (§2.1) and its sx:related children (§2.2).
func (p *parser) sharing(e *etree.Element) *Sharing {
	s := &Sharing{}
	for _, a := range e.Attr {
		if a.Space != "" || xmlutil.IsDecl(a) {
			continue
		}
		switch a.Key {
		case "since":
			s.Since = p.optDate(e, a)
		case "until":
			s.Until = p.optDate(e, a)
		case "version":
			s.Version = a.Value
		case "window":
			n, ok := number(a.Value, 1, 9)
			if !ok {
				p.errorf(e, "window %q is not a whole number of days (0.91 §2.1)", a.Value)
			}
			s.Window = n
		}
	}
	if p.required(e, "0.91 §2.1", "version") && s.Version != "0.91" {
		p.warnf(e, "version %q: this is SSE 0.91", s.Version)
	}
	for c := range e.ChildElementsSeq() {
		if p.isSSE(c, "related") {
			s.Related = append(s.Related, p.related(c))
		}
	}
	return s
}

// related reads sx:related (§2.2).
func (p *parser) related(e *etree.Element) Related {
	var r Related
	for _, a := range e.Attr {
		if a.Space != "" || xmlutil.IsDecl(a) {
			continue
		}
		switch a.Key {
		case "link":
			r.Link = a.Value
			u, err := url.Parse(a.Value)
			switch {
			case a.Value == "" || err != nil:
				p.errorf(e, "link %q is not a URL (0.91 §2.2)", a.Value)
			case !u.IsAbs():
				p.warnf(e, "link %q is a relative URL", a.Value)
			}
		case "type":
			r.Type = a.Value
			if a.Value != "complete" && a.Value != "aggregated" {
				p.errorf(e, "type %q is neither \"complete\" nor \"aggregated\" (0.91 §2.2)", a.Value)
			}
		case "title":
			r.Title = a.Value
		case "since":
			r.Since = p.optDate(e, a)
		case "until":
			r.Until = p.optDate(e, a)
		}
	}
	p.required(e, "0.91 §2.2", "link", "type")
	return r
}

// optDate reads a date-time that may be blank (§2.1, §2.2).
func (p *parser) optDate(e *etree.Element, a etree.Attr) time.Time {
	if a.Value == "" {
		return time.Time{}
	}
	return p.date(e, a)
}
