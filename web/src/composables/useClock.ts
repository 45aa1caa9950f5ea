import { onBeforeUnmount, onMounted, ref } from "vue"

/** The time (epoch ms), ticking once a second while the component is mounted: for countdowns. */
export const useClock = () => {
  const now = ref(Date.now())
  let timer: ReturnType<typeof setInterval> | undefined
  onMounted(() => {
    timer = setInterval(() => (now.value = Date.now()), 1000)
  })
  onBeforeUnmount(() => clearInterval(timer))
  return now
}
