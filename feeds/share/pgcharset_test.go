package share

import (
	"bytes"
	"context"
	"testing"
)

// TestDBKeepsFeedsInUTF8 guards issue 31 item 2 in the PostgreSQL hub: a
// feed is written in the encoding it came in, and the database cuts what
// it stores with the scanner, which reads UTF-8, so an EUC-KR feed
// imported or posted was refused as invalid UTF-8. The database keeps
// feeds in UTF-8 (dialect.Doc.UTF8Bytes), and serves them so, its
// Content-Type and XML declaration both saying UTF-8; the text is the
// feed's.
func TestDBKeepsFeedsInUTF8(t *testing.T) {
	euckr := "<?xml version=\"1.0\" encoding=\"euc-kr\"?>\n<rss version=\"2.0\" xmlns:sx=\"http://feedsync.org/2007/feedsync\"><channel><title>\xb5\xbf\xb3\xd7</title>\n" +
		"<item><title>\xb0\xa1</title><sx:sync id=\"a\" updates=\"1\"><sx:history sequence=\"1\" when=\"2024-03-01T08:00:00Z\" by=\"x\"/></sx:sync></item>\n</channel></rss>\n"
	db, _ := testDB(t)
	if _, err := db.Import(context.Background(), "news", mustParse(t, "news", []byte(euckr)), 0); err != nil {
		t.Fatal(err)
	}
	h := startDBHub(t, db, Options{})
	post := mustParse(t, "post", []byte(bytes.Replace([]byte(euckr), []byte(`id="a"`), []byte(`id="b"`), 1)))
	if code, body := httpDo(t, "POST", h.srv.URL+"/news", post.Bytes()); code != 200 {
		t.Fatalf("POST: %d %s", code, body)
	}
	code, hdr, body := httpDoH(t, "GET", h.srv.URL+"/news/complete", nil)
	if code != 200 || hdr.Get("Content-Type") != "application/rss+xml; charset=utf-8" || !bytes.HasPrefix(body, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
		t.Fatalf("GET: %d %q\n%s", code, hdr.Get("Content-Type"), body)
	}
	f := mustParse(t, "complete", body)
	if len(f.Entries()) != 2 || f.Entries()[0].Title() != "가" {
		t.Errorf("served:\n%s", body)
	}
}
