package dialect

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/internal/plain"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	ssefeed "github.com/feedsync/feedsync/feeds/sse"
)

// Adopted is one item Adopt gave sync data.
type Adopted struct {
	ID   string // its new sync id
	From string // what the id was made from: "atom:id", "guid", "xmlUrl", "url" or "digest"
	Line int    // the line of its start tag in the feed as read
}

// AdoptDialectError refuses an adoption in a dialect the feed cannot take:
// one of the other dialect than the sync data it holds, or one that does
// not bind its format (SSE 0.91 binds RSS and OPML, FeedSync 1.0.2 Atom
// and RSS).
type AdoptDialectError struct {
	Feed   string
	Asked  Dialect
	Holds  Dialect // the feed's dialect, None when the format is the reason
	Format Format
}

func (e *AdoptDialectError) Error() string {
	if e.Holds != None {
		return fmt.Sprintf("%s: the feed holds %s sync data: its items are adopted in %s, not %s", e.Feed, e.Holds.title(), e.Holds.title(), e.Asked.title())
	}
	return fmt.Sprintf("%s: %s cannot take %s sync data (%s binds %s)", e.Feed, e.Format.article(), e.Asked.title(), e.Asked.title(), e.Asked.formats())
}

// Adoption is a feed Adopt gave sync data: what it writes and what it
// adopted.
type Adoption struct {
	Dialect Dialect   // the dialect adopted in; the feed's when none was
	Items   []Adopted // the items adopted, in document order
	from    *Doc      // the feed adopted
	feed    []byte    // it with the new sync data; nil when none was adopted
}

// Bytes returns the feed with its new sync data: as it was read, the new
// elements inserted; a feed with none adopted as its Doc writes it.
func (a *Adoption) Bytes() []byte {
	if a.feed == nil {
		return a.from.Bytes()
	}
	return a.feed
}

// WriteTo writes the feed as Bytes returns it.
func (a *Adoption) WriteTo(w io.Writer) (int64, error) {
	if a.feed == nil {
		return a.from.WriteTo(w)
	}
	n, err := w.Write(a.feed)
	return int64(n), err
}

// Conflicted counts the items that await a resolution: those of the feed
// adopted (Doc.Conflicted), as an adopted item is in no conflict.
func (a *Adoption) Conflicted() int { return a.from.Conflicted() }

// Adopt gives every item of the feed that has no sync element one, as
// Create would have made it (1.0.2 §3.1: id, updates="1", a history entry
// with sequence 1 and st's when and by; 0.91 §4.1: id, version="1", a
// history entry with st's when and by), and leaves the items that have
// sync data and every other byte of the feed as they are. It returns the
// feed with the new sync data and the items adopted in document order; d
// does not change. A feed whose items all have sync data comes back as it
// is, with none adopted: adopting twice changes nothing.
//
// The feed is parsed once, by Parse, which refused it if it broke a rule
// and found its dialect and the ids it holds; Adopt then reads the byte
// places of its items with the scanner Parse reads with and by the rules
// by which the bindings find items, and inserts the sync elements there.
// The result is not parsed again: parse Bytes for a Doc of it.
//
// as is the dialect to adopt in: None for the feed's own (the dialect of
// its sync data, else its binding's: FeedSync 1.0.2 for Atom and RSS, SSE
// 0.91 for OPML). Another dialect than the feed's sync data, or one that
// does not bind its format, is an *AdoptDialectError.
//
// The ids are made from what each item already holds (see the package
// doc, "Adopting plain items"): an Atom entry's atom:id, an RSS item's
// guid, an OPML outline's xmlUrl or url, else a digest of the item's
// bytes; made a valid RFC 2141 NSS (1.0.2 §2.4, 0.91 §2.3) and, when taken
// already, given the first free suffix "-2", "-3", ….
func (d *Doc) Adopt(st engine.Stamp, as Dialect) (*Adoption, error) {
	dl, err := d.adoptDialect(as)
	if err != nil {
		return nil, err
	}
	scan, err := d.plainItems()
	if err != nil {
		return nil, err
	}
	taken := freeIDs{taken: map[string]bool{}, next: map[string]int{}}
	for _, e := range d.Entries() {
		taken.taken[e.ID()] = true
	}
	var syncs []plain.Sync
	a := &Adoption{Dialect: d.Dialect(), from: d}
	for _, it := range scan.Items {
		if it.Synced {
			continue
		}
		if it.Depth+2 > ssefeed.MaxDepth { // the sync element and its history entry
			return nil, d.tooDeep(scan, it)
		}
		base, from := it.Key, it.KeyFrom
		if base == "" {
			base, from = scan.Digest(it), "digest"
		}
		id := taken.take(NSSOf(base))
		syncs = append(syncs, plain.Sync{Item: it, Attrs: syncAttrs(dl, id), History: historyAttrs(dl, st)})
		a.Items = append(a.Items, Adopted{ID: id, From: from, Line: it.Line})
	}
	if len(syncs) > 0 {
		prefix, uri, decl := syncPrefix(scan, dl, d.ns)
		a.Dialect, a.feed = dl, scan.Write(prefix, uri, decl, syncs)
	}
	return a, nil
}

// tooDeep words an item Adopt cannot give a sync element: it would nest
// the sync element's history entry deeper than feedsync reads.
func (d *Doc) tooDeep(scan *plain.Scan, it *plain.Item) error {
	line, col := xmlscan.NewLines(scan.Text).Position(it.Start)
	return feeds.Problems{{File: d.Name(), Line: line, Col: col, Element: map[Format]string{Atom: "entry", RSS: "item", OPML: "outline"}[d.Format()],
		Msg: fmt.Sprintf("nested %d deep: its sync data would nest %d deep, past the %d elements that feedsync reads; nothing was adopted", it.Depth, it.Depth+2, ssefeed.MaxDepth)}}
}

// Unsynced counts the items of the feed that have no sync element: those
// Adopt would give one, found by the same rules (a merge leaves them as
// they are, 1.0.2 §3.3, 0.91 §4.4).
func (d *Doc) Unsynced() (int, error) {
	scan, err := d.plainItems()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, it := range scan.Items {
		if !it.Synced {
			n++
		}
	}
	return n, nil
}

// plainItems reads the byte places of the feed's items, those without
// sync data included, with the scanner Parse reads with: a problem is
// file:line:col, as Parse words it.
func (d *Doc) plainItems() (*plain.Scan, error) {
	src := d.src
	if src == nil {
		src = d.Bytes()
	}
	scan, err := plain.Read(src, plain.Format(d.Format()))
	if err != nil {
		return nil, feeds.SyntaxProblems(d.Name(), src, err)
	}
	return scan, nil
}

// adoptDialect returns the dialect to adopt in, as Adopt says.
func (d *Doc) adoptDialect(as Dialect) (Dialect, error) {
	holds := d.Dialect()
	if as == None {
		as = d.binding()
		if holds != None {
			as = holds
		}
	}
	if holds != None && as != holds {
		return None, &AdoptDialectError{Feed: d.Name(), Asked: as, Holds: holds, Format: d.Format()}
	}
	if !as.carries(d.Format()) {
		return None, &AdoptDialectError{Feed: d.Name(), Asked: as, Format: d.Format()}
	}
	return as, nil
}

// NSSOf makes s a valid RFC 2141 Namespace Specific String, the syntax of
// sync ids (1.0.2 §2.4, 0.91 §2.3): every byte that is not a letter, a
// digit or one of ()+,-.:=@;$_!*'/?# is written %XX (upper case hex), but
// for a % that begins a valid escape (%hh, not %00), which is kept. A
// valid NSS comes back as it is.
func NSSOf(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) && s[i+1:i+3] != "00":
			b.WriteString(s[i : i+3])
			i += 2
		case c != '%' && engine.ValidNSS(string(c)):
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// freeIDs are the ids taken in a feed, and for each id asked for, the
// suffix to try first.
type freeIDs struct {
	taken map[string]bool
	next  map[string]int
}

// take returns id, or id with the first suffix -2, -3, … that is not
// taken, and takes it. Ids are only ever taken, so the suffixes below
// the last one given for id stay taken: the search for id starts after
// it, and n items that share an id take time linear in n.
func (f *freeIDs) take(id string) string {
	c := id
	if f.taken[id] {
		n := max(f.next[id], 2)
		for c = id + "-" + strconv.Itoa(n); f.taken[c]; c = id + "-" + strconv.Itoa(n) {
			n++
		}
		f.next[id] = n + 1
	}
	f.taken[c] = true
	return c
}

// syncAttrs are the attributes of a new sync element: 1.0.2 §3.1 step 1,
// 0.91 §4.1 step 1.
func syncAttrs(dl Dialect, id string) [][2]string {
	if dl == SSE091 {
		return [][2]string{{"id", id}, {"version", "1"}}
	}
	return [][2]string{{"id", id}, {"updates", "1"}}
}

// historyAttrs are the attributes of its history entry: 1.0.2 §3.1 step
// 2 (sequence 1, when, by), 0.91 §4.1 step 2 (when as RFC 822, by).
func historyAttrs(dl Dialect, st engine.Stamp) [][2]string {
	var h [][2]string
	if dl == FeedSync102 {
		h = append(h, [2]string{"sequence", "1"})
	}
	if st.HasWhen() {
		when := feeds.DateTime(st.When)
		if dl == SSE091 {
			when = ssefeed.FormatDate(st.When) // as Create writes it
		}
		h = append(h, [2]string{"when", when})
	}
	if st.HasBy() {
		h = append(h, [2]string{"by", st.By})
	}
	return h
}

// syncPrefix returns the prefix and namespace the sync elements are
// written with, and whether the root is to declare them: not when the
// root (or an RSS channel) declares the namespace already. A feed with no
// declaration gets the namespace its binding writes (FeedSync's; SSE
// 0.91's https form) as "sx", or sx2, sx3, … when the root binds sx to
// something else.
func syncPrefix(scan *plain.Scan, dl Dialect, declared string) (prefix, uri string, decl bool) {
	uris := []string{feeds.NSFeedSync}
	if dl == SSE091 {
		uris = []string{ssefeed.NS, ssefeed.NSHTTP}
		if declared == ssefeed.NSHTTP {
			uris = []string{ssefeed.NSHTTP, ssefeed.NS}
		}
	}
	for _, u := range uris {
		if p, ok := scan.Prefixes[u]; ok && p != "" {
			return p, u, false
		}
	}
	prefix = "sx"
	for n := 2; scan.Bound[prefix]; n++ {
		prefix = "sx" + strconv.Itoa(n)
	}
	return prefix, uris[0], true
}
