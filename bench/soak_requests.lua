-- wrk script for bench/soak: a mix of what a public gpq serve is asked, every request another
-- object or epoch, and the answers counted by status class per thread.
--   wrk ... -s bench/soak_requests.lua URL -- IDS_FILE FIRST_UNIX LAST_UNIX KEYS_FILE HOT_KEY
-- Keys: most requests carry one of KEYS_FILE (well within the limits); a tenth carry HOT_KEY,
-- which is asked far beyond its burst and so gets 429s; a few carry a key that does not exist.
local ids, keys, first, last, hot = {}, {}, 0, 0, nil
counts = {}  -- global: done() reads it from each thread
local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  for line in io.lines(args[1]) do ids[#ids + 1] = line end
  first, last = tonumber(args[2]), tonumber(args[3])
  for line in io.lines(args[4]) do keys[#keys + 1] = line end
  hot = args[5]
  math.randomseed(os.time() + math.floor(os.clock() * 1e6) + #tostring({}))
  for _, class in ipairs({"200", "304", "400", "401", "404", "429", "other4xx", "5xx", "other"}) do
    counts[class] = 0
  end
end

local function pick(list) return list[math.random(#list)] end

request = function()
  local id = pick(ids)
  local epoch = "unix:" .. math.random(first, last)
  local roll = math.random(100)
  local path
  if roll <= 30 then path = "/api/v1/gp/" .. id
  elseif roll <= 40 then path = "/api/v1/gp?search=" .. pick({"STARLINK", "ISS", "COSMOS", "NOAA", "GPS"}) .. "&per_page=50"
  elseif roll <= 50 then path = "/api/v1/gp/epoch?per_page=100&page=" .. math.random(1, 20) .. "&epoch=" .. epoch
  elseif roll <= 65 then path = "/api/v1/gp/" .. id .. "/history?per_page=100"
  elseif roll <= 80 then path = "/api/v1/gp/" .. id .. "/nearest?epoch=" .. epoch
  elseif roll <= 85 then path = "/api/v1/gp/" .. math.random(900000000, 999999999)   -- 404
  elseif roll <= 90 then path = "/api/v1/gp/" .. id .. "/history?per_page=9999"     -- 400
  else path = "/api/v1/gp/" .. id end
  local key = pick(keys)
  if roll > 90 and roll <= 93 then key = "gpq_not_a_key_" .. math.random(1e6)      -- bad key
  elseif roll > 93 then key = hot end                                                -- 429s
  return wrk.format("GET", path, {["X-API-Key"] = key})
end

response = function(status, headers, body)
  local class = tostring(status)
  if counts[class] == nil then
    if status >= 500 then class = "5xx"
    elseif status >= 400 then class = "other4xx"
    else class = "other" end
  end
  counts[class] = counts[class] + 1
end

done = function(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for _, class in ipairs({"200", "304", "400", "401", "404", "429", "other4xx", "5xx", "other"}) do
      total[class] = (total[class] or 0) + (thread:get("counts")[class] or 0)
    end
  end
  local e = summary.errors
  io.write(string.format(
    "SOAK requests=%d p50_ms=%.2f p99_ms=%.2f s200=%d s304=%d s400=%d s401=%d s404=%d s429=%d other4xx=%d s5xx=%d other=%d connect_errors=%d read_errors=%d write_errors=%d timeouts=%d\n",
    summary.requests, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    total["200"], total["304"], total["400"], total["401"], total["404"], total["429"],
    total["other4xx"], total["5xx"], total["other"], e.connect, e.read, e.write, e.timeout))
end
