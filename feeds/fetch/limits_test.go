package fetch

import (
	"errors"
	"io"
	"testing"
)

// endless is a stream that never ends, counting what is read of it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	e.n += int64(len(p))
	return len(p), nil
}

// TestReadAllStopsAtLimit covers a stream over the limit, such as
// /dev/zero on standard input: reading stops one byte past the limit
// instead of reading everything first.
func TestReadAllStopsAtLimit(t *testing.T) {
	src := &endless{}
	_, err := ReadAll(src, 1000)
	if !errors.Is(err, ErrTooLarge) || err.Error() != "larger than 1000 bytes, the size limit" {
		t.Errorf("error %v", err)
	}
	if src.n > 1001 {
		t.Errorf("read %d bytes of an endless stream with a limit of 1000", src.n)
	}
	got, err := ReadAll(io.LimitReader(&endless{}, 1000), 1000)
	if err != nil || len(got) != 1000 {
		t.Errorf("a stream at the limit: %d bytes, %v", len(got), err)
	}
}

func TestTooLargeErrorText(t *testing.T) {
	for _, tc := range []struct {
		e    TooLargeError
		want string
	}{
		{TooLargeError{Limit: 256 << 20, Size: -1}, "larger than 256 MiB, the size limit"},
		{TooLargeError{Limit: 1 << 30, Size: 2 << 30}, "2147483648 bytes, larger than 1 GiB, the size limit"},
		{TooLargeError{Limit: 1536, Size: -1}, "larger than 1536 bytes, the size limit"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}
