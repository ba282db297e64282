package client

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A long answer decodes into the same frame through the long-frame path as
// through encoding/json, and one that is not JSON fails the same way.
func TestUnmarshalFrameLong(t *testing.T) {
	big := strings.Repeat(`x\"}{][,`, lazyFrameMin/8+1)
	for name, data := range map[string]string{
		"value last":  `{"protocol":"p","type":"session.snapshot","seq":3,"value":{"a":"` + big + `"}}`,
		"value first": ` { "value" : ["` + big + `", 1, null] , "type" : "t\u00e9", "details":{"k":[1,2]} }` + "\n",
		"no value":    `{"type":"t","message":"` + big + `"}`,
		"repeated":    `{"value":1,"type":"t","value":{"b":"` + big + `"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			var got, want Frame
			if err := unmarshalFrame([]byte(data), &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(data), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got %.200v\nwant %.200v", got, want)
			}
		})
	}
	bad := []byte(`{"type":"t","value":"` + big + `"`)
	var f Frame
	if err := unmarshalFrame(bad, &f); err == nil {
		t.Fatal("a cut answer decoded")
	}
}
