package tui

import (
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/store"
	"github.com/feedsync/feedsync/tui/resolver/demo"
)

// The version store (package feeds/store) beside the feed a command
// writes keeps the item versions the command read that are no longer in
// the feed it saved, and what it changed (store.RecordSave), so that the
// base of a later conflict can be found. The entries of each feed read
// are noted as it is loaded, before a command changes it in place; they
// are recorded once the result is saved. Nothing is recorded for a result
// written to standard output or a stream, which writes no feed. Recording
// never fails a command: what goes wrong is a warning, printed once.

// versions returns the store beside the file the command writes, opened on
// first use, or nil when it writes no file. warn, if not nil, is told
// Open's warning.
func (s *saving) versions(warn func(string)) *store.Store {
	if s == nil || s.stream || s.out == "" || s.out == "-" {
		return nil
	}
	s.storeOnce.Do(func() {
		st, w := store.Open(s.out)
		if w != nil && warn != nil {
			warn(w.Error())
		}
		s.store = st
	})
	return s.store
}

// noteRead notes the entries of feeds a command read, as they are now.
func noteRead(env *Env, docs ...*dialect.Doc) {
	s := env.saving
	if s == nil || s.stream {
		return
	}
	s.readMu.Lock()
	defer s.readMu.Unlock()
	for _, d := range docs {
		s.reads = append(s.reads, d.Entries())
	}
}

// recordLeft records, before a save of doc, the versions the command
// read that doc no longer holds; a failure is a warning (warn may be nil:
// the resolver's screen has no room for one). Recorded before the save,
// they are kept even if the command is killed before it records more.
func (s *saving) recordLeft(warn func(string), doc *dialect.Doc) {
	st := s.versions(warn)
	if st == nil {
		return
	}
	s.readMu.Lock()
	defer s.readMu.Unlock()
	if err := st.RecordLeft(s.reads, doc); err != nil && warn != nil {
		warn(err.Error())
	}
}

// pruneReads keeps of the feeds read only what recordLeft(doc) may record
// (store.Leaving), for a command that saves doc once: the items of a
// merge's REMOTE that it did not take are garbage while it writes.
func (s *saving) pruneReads(doc *dialect.Doc) {
	s.readMu.Lock()
	defer s.readMu.Unlock()
	if s.reads != nil {
		s.reads = store.Leaving(s.reads, doc)
	}
}

// recordCurrent records, after doc was saved, what the command changed.
// The saved feed is what was read from then on, for a session that saves
// again.
func (s *saving) recordCurrent(warn func(string), doc *dialect.Doc) {
	st := s.versions(warn)
	if st == nil {
		return
	}
	s.readMu.Lock()
	defer s.readMu.Unlock()
	if err := st.RecordCurrent(doc); err != nil && warn != nil {
		warn(err.Error())
	}
	s.reads = [][]dialect.Entry{doc.Entries()}
}

// resultDoc returns the document of a result to record: the document
// itself, or for a result that is only bytes (an adoption) the feed they
// parse to; nil when the command writes no store.
func resultDoc(env *Env, doc result) *dialect.Doc {
	if env.saving.versions(env.warn) == nil {
		return nil
	}
	d, ok := doc.(*dialect.Doc)
	if !ok {
		var err error
		if d, err = dialect.Parse(env.saving.out, doc.Bytes()); err != nil {
			return nil // what feedsync wrote loads; if not, validate says so, not the store
		}
	}
	return d
}

// closeVersions closes the store the command opened.
func (s *saving) closeVersions() {
	if s != nil && s.store != nil {
		s.store.Close()
	}
}

// recordDemoBase records the demo pair's common ancestors in the store
// beside OUT, so that the demo's conflicts have their bases.
func recordDemoBase(env *Env, out string) {
	if out == "-" {
		return
	}
	base, err := dialect.Parse("demo/base.xml", demo.Base())
	if err != nil {
		env.warn(err.Error()) // a bug: the embedded feed loads (demo tests)
		return
	}
	st, warn := store.Open(out)
	if warn != nil {
		env.warn(warn.Error())
	}
	defer st.Close()
	if err := st.Record(base); err != nil {
		env.warn(err.Error())
	}
}
