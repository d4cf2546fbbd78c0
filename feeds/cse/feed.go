package cse

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/beevik/etree"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// Namespace is the CSE namespace URI ("Namespaces and Version"). Elements and
// attributes are matched by this URI, whatever prefix a feed binds to it.
const Namespace = "http://schemas.microsoft.com/rss/2007/contentsyncextensions"

// feed is one parsed RSS document seen through CSE.
type feed struct {
	doc      *etree.Document
	data     []byte           // the document in UTF-8, which doc was read from
	cs       *xmlscan.Charset // the charset it came in, nil for UTF-8
	channels []*channel
	items    []*item   // of every channel, in document order
	date     time.Time // "Newer (for feed)": the first channel's date
	dateErr  error     // an unreadable date; the feed then counts as newer
	findings []feeds.Finding
}

// channel is an RSS channel and its date: lastBuildDate, else pubDate,
// else 1601.
type channel struct {
	el      *etree.Element
	date    time.Time
	dateErr error
}

// item is an RSS item with the CSE extensions it carries.
type item struct {
	el      *etree.Element
	channel *channel
	guid    string
	title   string
	hidden  bool
	date    time.Time // "Newer (for item)": csx:lastBuildDate, pubDate, 1601
	dateErr error     // an unreadable date; the item then counts as newer
	links   []*link   // every descendant csx:link, in document order
	nested  *link     // the first link flagged nestedFeed, if any
}

// link is a csx:link element: Ref is its text, as written.
type link struct {
	el       *etree.Element
	ref      string
	nested   bool
	onDemand bool
}

// active returns the links the item stands for: its nested feed alone if it
// has one ("all other <csx:link>'s in the item will be ignored"), else all.
func (it *item) active() []*link {
	if it.nested != nil {
		return []*link{it.nested}
	}
	return it.links
}

// parseFeed reads an RSS document, named name in messages, and its CSE
// extensions. A document that is not RSS gives feeds.Problems.
func parseFeed(name string, data []byte) (*feed, error) {
	doc, data, cs, err := parseXML(name, data)
	if err != nil {
		return nil, err
	}
	f := &feed{doc: doc, data: data, cs: cs}
	root := doc.Root()
	if root.Tag != "rss" || root.NamespaceURI() != "" {
		return nil, feeds.Locate(name, data, doc, []feeds.Finding{{Element: root, Msg: "root element is not <rss>"}})
	}
	for _, el := range rssChildren(root, "channel") {
		f.readChannel(el)
	}
	if len(f.channels) == 0 {
		return nil, feeds.Locate(name, data, doc, []feeds.Finding{{Element: root, Msg: "no <channel>"}})
	}
	f.date, f.dateErr = f.channels[0].date, f.channels[0].dateErr
	return f, nil
}

// readChannel collects a channel's date, its items and anything wrong with
// them.
func (f *feed) readChannel(el *etree.Element) {
	ch := &channel{el: el}
	ch.date, ch.dateErr = f.channelDate(el)
	f.channels = append(f.channels, ch)
	f.checkCSENames(el)
	for _, it := range rssChildren(el, "item") {
		f.items = append(f.items, f.readItem(ch, it))
	}
}

// channelDate is a channel's date for "Newer (for feed)". The spec's
// fallback, "the item's RSS <pubDate>", is read as the channel's pubDate.
func (f *feed) channelDate(ch *etree.Element) (time.Time, error) {
	return f.firstDate(rssChild(ch, "lastBuildDate"), rssChild(ch, "pubDate"))
}

func (f *feed) readItem(ch *channel, el *etree.Element) *item {
	it := &item{el: el, channel: ch, title: strings.TrimSpace(rssChild(el, "title").NotNil().Text())}
	if g := rssChild(el, "guid"); g != nil {
		it.guid = strings.TrimSpace(g.Text())
	}
	if it.guid == "" {
		f.note(el, "no guid (CSE requires one)")
	}
	it.hidden = f.hidden(el)
	it.date, it.dateErr = f.itemDate(el)
	f.readLinks(it, el)
	return it
}

// itemDate is an item's date for "Newer (for item)".
func (f *feed) itemDate(el *etree.Element) (time.Time, error) {
	return f.firstDate(cseChild(el, "lastBuildDate"), rssChild(el, "pubDate"))
}

// firstDate returns the date of the first of els that is there (dateOf),
// or epoch, the date the spec assumes, when none is.
func (f *feed) firstDate(els ...*etree.Element) (time.Time, error) {
	for _, el := range els {
		if t, err := f.dateOf(el); !errors.Is(err, errNoDate) {
			return t, err
		}
	}
	return epoch, nil
}

// dateOf parses a date element, noting it when it cannot be read.
func (f *feed) dateOf(el *etree.Element) (time.Time, error) {
	if el == nil {
		return time.Time{}, errNoDate
	}
	t, err := parseDate(el.Text())
	if err != nil {
		f.note(el, err.Error())
	}
	return t, err
}

// hidden reads csx:hiddenItem, which the spec calls both an attribute and an
// element: either form is accepted.
func (f *feed) hidden(el *etree.Element) bool {
	for i := range el.Attr {
		a := &el.Attr[i]
		if a.Key == "hiddenItem" && a.NamespaceURI() == Namespace {
			return f.boolean(el, a.FullKey(), a.Value)
		}
	}
	if h := cseChild(el, "hiddenItem"); h != nil {
		return f.boolean(h, h.FullTag(), h.Text())
	}
	return false
}

// readLinks collects every csx:link below an item, at any depth.
func (f *feed) readLinks(it *item, el *etree.Element) {
	for _, c := range el.ChildElements() {
		if c.Tag == "link" && c.NamespaceURI() == Namespace {
			it.links = append(it.links, f.readLink(it, c))
			continue
		}
		f.checkCSEName(c)
		f.readLinks(it, c)
	}
}

func (f *feed) readLink(it *item, el *etree.Element) *link {
	l := &link{el: el, ref: strings.TrimSpace(el.Text())}
	l.nested = f.linkFlag(el, "nestedFeed")
	l.onDemand = f.linkFlag(el, "onDemand")
	if l.ref == "" {
		f.note(el, "empty link")
	}
	if l.nested && it.nested != nil {
		f.note(el, "second nested feed link in one item; only the first counts")
		l.nested = false
	}
	if l.nested && it.nested == nil {
		it.nested = l
	}
	return l
}

// linkFlag reads a csx:link attribute; the spec writes them unprefixed, but
// a CSE-qualified one is read as well.
func (f *feed) linkFlag(el *etree.Element, name string) bool {
	for i := range el.Attr {
		a := &el.Attr[i]
		if a.Key == name && (a.Space == "" || a.NamespaceURI() == Namespace) {
			return f.boolean(el, name, a.Value)
		}
	}
	return false
}

// boolean reads "true"/"false" (and XML Schema's 1/0); anything else is
// noted and read as the spec's default, false.
func (f *feed) boolean(el *etree.Element, name, v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "1":
		return true
	case "false", "0":
		return false
	}
	f.note(el, fmt.Sprintf("%s=%q is neither true nor false; read as false", name, v))
	return false
}

// checkCSENames notes CSE-namespaced children that the spec does not define.
func (f *feed) checkCSENames(el *etree.Element) {
	for _, c := range el.ChildElements() {
		f.checkCSEName(c)
	}
}

// checkCSEName notes an element in the CSE namespace with an unknown name,
// such as the spec's own csx:Link: XML names are case-sensitive.
func (f *feed) checkCSEName(el *etree.Element) {
	if el.NamespaceURI() != Namespace {
		return
	}
	switch el.Tag {
	case "link", "lastBuildDate", "hiddenItem":
		return
	}
	f.note(el, "unknown CSE element (names are case-sensitive)")
}

func (f *feed) note(el *etree.Element, msg string) {
	f.findings = append(f.findings, feeds.Finding{Element: el, Msg: msg})
}

// rssChildren returns el's children named tag in no namespace, as RSS 2.0
// elements are.
func rssChildren(el *etree.Element, tag string) []*etree.Element {
	var out []*etree.Element
	for _, c := range el.ChildElements() {
		if c.Tag == tag && c.NamespaceURI() == "" {
			out = append(out, c)
		}
	}
	return out
}

func rssChild(el *etree.Element, tag string) *etree.Element {
	if cs := rssChildren(el, tag); len(cs) > 0 {
		return cs[0]
	}
	return nil
}

func cseChild(el *etree.Element, tag string) *etree.Element {
	for _, c := range el.ChildElements() {
		if c.Tag == tag && c.NamespaceURI() == Namespace {
			return c
		}
	}
	return nil
}
