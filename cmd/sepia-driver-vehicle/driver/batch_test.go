package driver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// batchOf returns a batch line of n copies of member.
func batchOf(member string, n int) []byte {
	return []byte("[" + strings.TrimSuffix(strings.Repeat(member+",", n), ",") + "]")
}

// TestBatchAmplificationIsBounded guards against one line of tiny invalid
// members turning into an answer line dozens of times its size: a batch over
// MaxBatchEntries is refused whole, with one -32600 object, and nothing in it
// runs.
func TestBatchAmplificationIsBounded(t *testing.T) {
	st := newFakeStore(1)
	srv := New(Options{MaxBatchEntries: 100, Resolver: func(context.Context) (Store, error) { return st, nil }})
	line := batchOf("1", 101)
	got := srv.HandleLine(context.Background(), line)
	want := `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the batch has more than 100 entries; send at most 100 per batch"}}`
	if string(got) != want {
		t.Fatalf("a batch of 101 entries\n got %.300s (%d bytes)\nwant %s", got, len(got), want)
	}
	renames := batchOf(`{"jsonrpc":"2.0","id":1,"method":"session.rename","params":{"id":"s1","title":"x"}}`, 101)
	srv.HandleLine(context.Background(), renames)
	if st.renamed != 0 {
		t.Errorf("a refused batch ran %d of its members, want none", st.renamed)
	}
	if got := srv.HandleLine(context.Background(), batchOf("1", 100)); strings.Count(string(got), `"code":-32600`) != 100 {
		t.Errorf("a batch of exactly 100 entries was not answered member by member: %.200s", got)
	}
}

// TestDefaultBatchBound checks the default: 1,000 entries.
func TestDefaultBatchBound(t *testing.T) {
	srv := fakeServer(newFakeStore(1))
	got := string(srv.HandleLine(context.Background(), batchOf("1", DefaultMaxBatchEntries+1)))
	if !strings.Contains(got, `"code":-32600`) || !strings.Contains(got, "more than 1000 entries") || len(got) > 200 {
		t.Errorf("a batch of 1001 entries: got %.300s (%d bytes)", got, len(got))
	}
}

// TestAnswerLineIsBounded checks that no answer line grows past
// MaxAnswerBytes of results: a single answer over it is replaced by -32603
// with its id; in a batch, the member that does not fit is answered -32603
// and the members after it do not run.
func TestAnswerLineIsBounded(t *testing.T) {
	st := newFakeStore(40)
	srv := New(Options{MaxAnswerBytes: 2000, Resolver: func(context.Context) (Store, error) { return st, nil }})
	get := `{"jsonrpc":"2.0","id":7,"method":"session.get","params":{"id":"s1"}}`
	got := string(srv.HandleLine(context.Background(), []byte(get)))
	if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"Internal error: the answer to session.get is `) ||
		!strings.Contains(got, "over the limit of 2000 bytes") || len(got) > 400 {
		t.Fatalf("an answer over the limit: got %.400s (%d bytes)", got, len(got))
	}

	var members []string
	for i := range 20 {
		members = append(members, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"session.summary","params":{"id":"s1"}}`, i))
	}
	members = append(members, `{"jsonrpc":"2.0","id":"r","method":"session.rename","params":{"id":"s3","title":"x"}}`)
	line := srv.HandleLine(context.Background(), []byte("["+strings.Join(members, ",")+"]"))
	var answers []response
	if err := json.Unmarshal(line, &answers); err != nil {
		t.Fatalf("the batch's answer is not an array: %v: %.300s", err, line)
	}
	if len(answers) != 21 {
		t.Fatalf("got %d answers, want one per member (21)", len(answers))
	}
	if answers[0].Error != nil {
		t.Fatalf("the first member fits and must be answered: %+v", answers[0].Error)
	}
	cut := -1
	for i, a := range answers {
		if a.Error != nil {
			cut = i
			break
		}
	}
	if cut < 1 || !strings.Contains(answers[cut].Error.Message, "did not fit") {
		t.Fatalf("no member was cut at the limit (cut %d): %s", cut, line)
	}
	for _, a := range answers[cut+1:] {
		if a.Error == nil || a.Error.Code != CodeInternalError || !strings.Contains(a.Error.Message, "not run") {
			t.Errorf("member %s after the cut: got %+v, want -32603 not run", a.ID, a.Error)
		}
	}
	if st.renamed != 0 {
		t.Errorf("the rename after the cut ran")
	}
	results := 0
	for _, a := range answers {
		results += len(a.Result)
	}
	if results > 2000 {
		t.Errorf("%d bytes of results in one line, over the limit of 2000", results)
	}
}
