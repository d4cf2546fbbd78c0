package feedtest

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
)

// FileServer serves files on 127.0.0.1 until the test ends, as a web
// server of feeds would: each with an ETag, answering a conditional GET
// whose If-None-Match holds it with 304 Not Modified. It can fail a path
// on purpose, and records the paths asked.
type FileServer struct {
	*httptest.Server
	mu    sync.Mutex
	files map[string][]byte // by URL path, "/news/index.xml"
	fail  map[string]int
	log   []string
}

// NewFileServer serves files, named by slash-separated paths below the
// server's root ("news/index.xml").
func NewFileServer(t testing.TB, files map[string][]byte) *FileServer {
	s := &FileServer{files: map[string][]byte{}, fail: map[string]int{}}
	for name, data := range files {
		s.files["/"+name] = data
	}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *FileServer) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = append(s.log, r.URL.Path)
	if code := s.fail[r.URL.Path]; code != 0 {
		http.Error(w, "failing on purpose", code)
		return
	}
	body, ok := s.files[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(body)
}

// Link is the URL of the file name.
func (s *FileServer) Link(name string) string { return s.URL + "/" + name }

// Set replaces or adds the file name.
func (s *FileServer) Set(name string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files["/"+name] = data
}

// Fail makes requests for name fail with the HTTP status code, or serve
// the file again when code is 0.
func (s *FileServer) Fail(name string, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail["/"+name] = code
}

// Requests returns the URL paths asked since the last call ("/root.xml"),
// sorted.
func (s *FileServer) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	got := slices.Sorted(slices.Values(s.log))
	s.log = nil
	return got
}
