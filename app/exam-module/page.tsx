import { ExamModule } from '@/components/exam/exam-module';

export default function ExamModulePage() {
  return <ExamModule />;
}
