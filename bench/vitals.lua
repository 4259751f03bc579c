-- wrk script for bench/vitals.sh: a paced flood of valid Web Vitals beacons, as sendBeacon sends
-- them (text/plain, same origin), each from a random X-Forwarded-For address. Every connection
-- waits DELAY_MS between beacons, so connections x 1000 / DELAY_MS is the rate offered.
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"
wrk.headers["Sec-Fetch-Site"] = "same-origin"

local delay_ms = tonumber(os.getenv("DELAY_MS") or "2")
local bodies = {}

function setup(thread)
  thread:set("seed", math.random(1, 2 ^ 30))
end

function init(args)
  math.randomseed(seed)
  for i = 1, 64 do
    local lcp = 800 + math.random(0, 40000) / 10
    local rating = lcp <= 2500 and "good" or (lcp <= 4000 and "needs-improvement" or "poor")
    bodies[i] = string.format(
      '{"v":1,"route":"/:locale","locale":"%s","device":"%s","effectiveType":"4g","metrics":[' ..
      '{"name":"LCP","value":%.1f,"rating":"%s","navigationType":"navigate","target":"main>h1"},' ..
      '{"name":"INP","value":96,"rating":"good","navigationType":"navigate",' ..
      '"target":"#menu>button","interactionType":"pointer"},' ..
      '{"name":"CLS","value":0.012,"rating":"good","navigationType":"navigate","target":"section.cases"},' ..
      '{"name":"FCP","value":900,"rating":"good","navigationType":"navigate"},' ..
      '{"name":"TTFB","value":61.5,"rating":"good","navigationType":"navigate"}]}',
      i % 2 == 0 and "en" or "ru", i % 3 == 0 and "desktop" or "mobile", lcp, rating)
  end
end

function delay()
  return delay_ms
end

function request()
  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255),
    math.random(0, 255), math.random(1, 254))
  return wrk.format(nil, nil, nil, bodies[math.random(1, #bodies)])
end
