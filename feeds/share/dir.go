package share

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// FeedExt is the extension of the files a Dir serves: DIR/NAME.xml is
// served at /NAME.
const FeedExt = ".xml"

// maxNameLen bounds a feed's NAME in a Dir.
const maxNameLen = 100

// errNoFeed is a NAME that names no feed of the folder: 404.
var errNoFeed = errors.New("no such feed")

// Dir serves every feed of a folder, each at /NAME through a Hub of its
// own (see "One hub, many feeds" in the package doc). It is an
// http.Handler; Close releases every feed.
type Dir struct {
	path  string
	opts  Options
	posts chan struct{} // shared by every feed's hub: MaxPosts in all

	mu    sync.Mutex
	feeds map[string]*dirFeed
}

// dirFeed is one feed of a Dir: its hub once opened, or why it is not.
type dirFeed struct {
	mu     sync.Mutex
	hub    *Hub
	err    error  // why the last open failed
	failed fileID // the file as that open found it; it is retried once it changes
}

// NewDir opens every feed of the folder at path that loads; one that does
// not is logged and not served. opts apply to every feed, but for Token,
// which a feed's own token file replaces (DirTokenPath), PublicURL, the
// base under which each feed's NAME goes, and MaxPosts, the bound on the
// POSTs of all the feeds together.
func NewDir(path string, opts Options) (*Dir, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxPosts <= 0 {
		opts.MaxPosts = DefaultMaxPosts
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	opts.Log = &lockedWriter{w: opts.Log} // the hubs' lines do not interleave
	d := &Dir{path: path, opts: opts, posts: make(chan struct{}, opts.MaxPosts), feeds: map[string]*dirFeed{}}
	if _, err := d.scan(); err != nil {
		return nil, err
	}
	return d, nil
}

// DirTokenPath is the file holding the token of feed NAME of the folder
// dir, which replaces the token for all: dir/.feedsync/NAME.token. Like
// every token file it must be readable by its owner only.
func DirTokenPath(dir, name string) string {
	return filepath.Join(dir, ".feedsync", name+".token")
}

// Names returns the names of the feeds served, sorted.
func (d *Dir) Names() []string {
	d.mu.Lock()
	list := make([]*dirFeed, 0, len(d.feeds))
	names := make([]string, 0, len(d.feeds))
	for name, f := range d.feeds {
		list, names = append(list, f), append(names, name)
	}
	d.mu.Unlock()
	var served []string
	for i, f := range list {
		f.mu.Lock()
		if f.hub != nil {
			served = append(served, names[i])
		}
		f.mu.Unlock()
	}
	slices.Sort(served)
	return served
}

// Close releases every feed.
func (d *Dir) Close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, f := range d.feeds {
		f.mu.Lock()
		if f.hub != nil {
			f.hub.Close()
			f.hub = nil
		}
		f.mu.Unlock()
	}
}

// scan opens the feeds of the folder not yet open: at start, and at each
// GET / (a feed added since is served from then on). It returns the names
// of those served.
func (d *Dir) scan() ([]string, error) {
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), FeedExt)
		switch {
		case !ok || strings.HasPrefix(e.Name(), "."):
		case !validName(name):
			d.logOnce(name, "%s: not served: a NAME is letters, digits, '.', '_' and '-', beginning with a letter or digit", e.Name())
		default:
			d.hub(name) // a failure is logged
		}
	}
	return d.Names(), nil
}

// logOnce logs, once per NAME, why a file is passed over.
func (d *Dir) logOnce(name, format string, args ...any) {
	d.mu.Lock()
	defer d.mu.Unlock()
	key := "\x00skip " + name // not a valid NAME, so never a feed's key
	if d.feeds[key] == nil {
		d.feeds[key] = &dirFeed{}
		fmt.Fprintf(d.opts.Log, format+"\n", args...)
	}
}

// validName reports whether name may be a feed's NAME: letters, digits,
// '.', '_' and '-', beginning with a letter or digit, so that no NAME is
// "..", holds a separator or needs escaping in a URL.
func validName(name string) bool {
	if name == "" || len(name) > maxNameLen || !isAlnum(name[0]) {
		return false
	}
	for i := range len(name) {
		if c := name[i]; !isAlnum(c) && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// hub returns the hub of feed name, opening it on first use: errNoFeed
// when the folder holds no regular file NAME.xml by that exact name (a
// symbolic link is not followed: it could lead out of the folder), or why
// the feed is not served. A failed open is logged and retried once the
// file changes.
func (d *Dir) hub(name string) (*Hub, error) {
	path := filepath.Join(d.path, name+FeedExt)
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		if err == nil {
			d.logOnce(name, "%s%s: not served: a %s, not a regular file", name, FeedExt, fi.Mode().Type())
		}
		return nil, errNoFeed
	}
	f, err := d.entry(name)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.hub != nil {
		return f.hub, nil
	}
	id, _ := statID(path)
	if f.err != nil && id == f.failed {
		return nil, f.err
	}
	opts, err := d.feedOptions(name)
	if err == nil {
		f.hub, err = NewHub(path, opts)
	}
	if err != nil {
		f.err, f.failed = err, id
		fmt.Fprintf(d.opts.Log, "%s: not served: %v\n", name, err)
	}
	return f.hub, err
}

// entry returns the entry of name, made on first use once the folder is
// seen to list that exact name (on a file system that ignores case, /TODO
// is not todo.xml).
func (d *Dir) entry(name string) (*dirFeed, error) {
	d.mu.Lock()
	f := d.feeds[name]
	d.mu.Unlock()
	if f != nil {
		return f, nil
	}
	if !d.lists(name + FeedExt) {
		return nil, errNoFeed
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.feeds[name] == nil {
		d.feeds[name] = &dirFeed{}
	}
	return d.feeds[name], nil
}

func (d *Dir) lists(file string) bool {
	entries, err := os.ReadDir(d.path)
	return err == nil && slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == file })
}

// feedOptions are the options of feed name's hub: its own token file, if
// any, replaces the token for all; its link and log name its path.
func (d *Dir) feedOptions(name string) (Options, error) {
	o := d.opts
	o.Posts, o.Prefix = d.posts, "/"+name
	if o.PublicURL != "" {
		o.PublicURL = strings.TrimSuffix(o.PublicURL, "/") + "/" + name
	}
	token, err := ReadTokenFile(DirTokenPath(d.path, name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return o, err
	default:
		o.Token = token
	}
	return o, nil
}

// ReadTokenFile reads a token, the first line of the file at path, which
// must be a regular file that only its owner can read or write: a token
// others can read is refused, not used.
func ReadTokenFile(path string) (string, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("token file %s: a %s, not a regular file", path, fi.Mode().Type())
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("token file %s: others can read or change it (mode %v): chmod 600 it", path, fi.Mode().Perm())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	token, _, _ := strings.Cut(string(data), "\n")
	if token = strings.TrimSpace(token); token == "" {
		return "", fmt.Errorf("token file %s: the first line is empty", path)
	}
	return token, nil
}
