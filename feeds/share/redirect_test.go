package share

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestSyncTokenNotSentAcrossRedirect: a hub URL that answers 302 to a GET
// and 307 to a POST, to the same host on another port (two listeners on
// 127.0.0.1), never passes the token there: pull and sync send it to the
// subscription's own scheme, host and port only.
func TestSyncTokenNotSentAcrossRedirect(t *testing.T) {
	th := startHub(t, "rss", Options{Token: "s3cret", OpenRead: true})
	th.edit("H", create("a", "A"))
	var mu sync.Mutex
	var leaked []string
	th.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get("Authorization"); a != "" {
			mu.Lock()
			leaked = append(leaked, r.Method+" "+a)
			mu.Unlock()
		}
		th.hub.ServeHTTP(w, r)
	})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := http.StatusFound
		if r.Method == http.MethodPost {
			code = http.StatusTemporaryRedirect
		}
		http.Redirect(w, r, th.srv.URL+r.URL.Path, code)
	}))
	t.Cleanup(front.Close)
	e := th.endpoint("E")
	sub := e.sub("s3cret")
	sub.URL = front.URL + "/"
	if _, err := sub.Pull(context.Background()); err != nil {
		t.Fatalf("pull through the redirect (the hub reads openly): %v", err)
	}
	e.edit(create("b", "B"))
	_, err := sub.Sync(context.Background())
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("sync through a 307 to another port: %v, want the hub's 401 (no token sent there)", err)
	}
	if len(leaked) > 0 {
		t.Errorf("the other port got the token: %q", leaked)
	}
}
