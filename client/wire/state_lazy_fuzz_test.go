package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client/wire"
)

// FuzzLazySnapshot feeds arbitrary bytes as a snapshot to the lazy path: it
// never panics, every entry's text can be read and decoded, and when the
// bytes are a snapshot the eager decoder reads, the lazy fold of the same
// snapshot as the host writes it matches the eager one.
func FuzzLazySnapshot(f *testing.F) {
	for _, snap := range lazySnapshotCases() {
		data, _ := json.Marshal(snap)
		f.Add(data)
	}
	f.Add([]byte(`{"transcript":[{"entryId":"e1","role":"user","text":"a\u00e9\"b"},"x",{"role":"assistant","toolCalls":[{"id":"t","name":"n"}],"text":"\x"}]}`))
	f.Add([]byte(`{"transcript":null,"cursor":3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if ls, err := wire.DecodeLazySnapshot(data); err == nil {
			s := wire.NewStateLazy(stMe(), ls)
			for i := range s.Entries {
				_ = s.EntryText(i)
			}
			s.DecodeText(-1, len(s.Entries)+1)
			_, _ = ls.Items.Items()
		}
		var snap wire.Snapshot
		if json.Unmarshal(data, &snap) != nil {
			return
		}
		canon, err := json.Marshal(&snap)
		if err != nil {
			return
		}
		foldBoth(t, canon)
	})
}
