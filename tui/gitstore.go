package tui

import (
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/gitmerge"
	"github.com/feedsync/feedsync/feeds/store"
)

// The merge driver and the version store (package feeds/store): the
// store beside the file in the work tree (PATHNAME, which git gives
// relative to the top of the work tree, where it runs the driver)
// records the versions of the common ancestor that neither side holds
// any more, which are the bases of the items both sides changed, and
// then the versions of ours and theirs the merged feed does not keep, so
// that the resolver and 'resolve --auto' find the bases after 'git merge'
// returns. Without PATHNAME, or a file at it in the work tree, there is
// nothing to stand beside: nothing is recorded.

// gitStore is the driver's hold on the store: opened when the ancestor
// loads, nil without PATHNAME.
type gitStore struct {
	st   *store.Store
	base []dialect.Entry // the ancestor's entries, until the sides are loaded
	read [][]dialect.Entry
}

// openStore opens the store beside PATHNAME, keeping the entries of the
// ancestor (nil: none loads) for recordBase; a warning is printed once.
func (d *gitDriver) openStore(base *dialect.Doc) {
	if d.pathname == "" || d.store != nil || !filepath.IsLocal(d.pathname) {
		return
	}
	feed := filepath.Join(filepath.Dir(d.cur), d.pathname)
	if info, err := os.Stat(feed); err != nil || !info.Mode().IsRegular() {
		return // no file in the work tree to stand beside
	}
	st, warn := store.Open(feed)
	if warn != nil {
		d.env.warn(warn.Error())
	}
	d.store = &gitStore{st: st}
	if base != nil {
		d.store.base = base.Entries()
	}
}

// recordBase records the ancestor's versions that neither side holds,
// and notes the sides' entries as read; the ancestor can go then.
func (d *gitDriver) recordBase(v gitmerge.Versions) {
	d.openStore(nil)
	if d.store == nil || v.Ours == nil || v.Theirs == nil {
		return
	}
	if err := d.store.st.RecordLeft([][]dialect.Entry{d.store.base}, v.Ours, v.Theirs); err != nil {
		d.env.warn(err.Error())
	}
	d.store.base = nil
	d.store.read = [][]dialect.Entry{v.Ours.Entries(), v.Theirs.Entries()}
}

// recordLeft records, before the merged feed is saved, what it no longer
// holds of the sides.
func (d *gitDriver) recordLeft(merged *dialect.Doc) {
	if d.store == nil {
		return
	}
	if err := d.store.st.RecordLeft(d.store.read, merged); err != nil {
		d.env.warn(err.Error())
	}
}

// recordMerged records, once the merged feed is saved, what it changed.
func (d *gitDriver) recordMerged(merged *dialect.Doc) {
	if d.store == nil {
		return
	}
	if err := d.store.st.RecordCurrent(merged); err != nil {
		d.env.warn(err.Error())
	}
	d.store.st.Close()
}
